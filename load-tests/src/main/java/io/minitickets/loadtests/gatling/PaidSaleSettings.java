package io.minitickets.loadtests.gatling;

import java.time.Duration;
import java.util.Map;

/**
 * What {@code PaidSale} needs beside {@link LoadSettings}, handed over as system properties the same way.
 *
 * @param simulatorUrl the payment simulator's base URL, whose control API pays, declines and scripts webhooks
 * ({@code minitickets.load.simulator-url})
 * @param holdSeconds the event's hold window ({@code minitickets.load.hold-seconds})
 * @param offerSeconds the event's waiting-list offer window ({@code minitickets.load.offer-seconds})
 */
public record PaidSaleSettings(String simulatorUrl, int holdSeconds, int offerSeconds) {

	/**
	 * @return the settings of the running JVM
	 * @throws IllegalStateException naming a missing property (run it through {@code ./minitickets load PaidSale})
	 */
	public static PaidSaleSettings current() {
		return new PaidSaleSettings(required("simulator-url"), Integer.parseInt(required("hold-seconds")),
				Integer.parseInt(required("offer-seconds")));
	}

	/**
	 * @return the system properties {@link #current()} reads
	 */
	public Map<String, String> properties() {
		return Map.of(LoadSettings.PREFIX + "simulator-url", this.simulatorUrl, LoadSettings.PREFIX + "hold-seconds",
				Integer.toString(this.holdSeconds), LoadSettings.PREFIX + "offer-seconds",
				Integer.toString(this.offerSeconds));
	}

	/**
	 * @return how long a waiting customer keeps watching the list before leaving it: long enough for the holds of
	 * the last arrivals to expire and one offer after them to lapse
	 */
	public Duration patience() {
		return Duration.ofSeconds(2L * this.holdSeconds + this.offerSeconds + 5);
	}

	private static String required(String name) {
		String value = System.getProperty(LoadSettings.PREFIX + name);
		if (value == null || value.isBlank()) {
			throw new IllegalStateException("System property " + LoadSettings.PREFIX + name + " is not set: run "
					+ "PaidSale with ./minitickets load PaidSale");
		}
		return value;
	}

}
