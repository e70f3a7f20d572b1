package io.minitickets.loadtests.bench;

import java.util.List;

/**
 * What a {@link Figure} measured.
 *
 * @param figures a record of the figure's values, written as the JSON object under the figure's name
 * @param bars what the values are held to, one table row each; empty when the figure has no bar
 * @param breaches broken invariants (oversold seats, a 202 that never settled); any makes the bench exit 1
 */
public record Measured(Object figures, List<Bar> bars, List<String> breaches) {

	public Measured {
		bars = List.copyOf(bars);
		breaches = List.copyOf(breaches);
	}

	/**
	 * @param figures the figure's values
	 * @param bars what they are held to
	 * @return a measurement without broken invariants
	 */
	public static Measured of(Object figures, Bar... bars) {
		return new Measured(figures, List.of(bars), List.of());
	}

}
