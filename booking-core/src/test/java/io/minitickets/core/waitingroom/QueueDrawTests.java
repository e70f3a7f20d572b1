package io.minitickets.core.waitingroom;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The opening's draw: every order of a small pre-queue equally likely (chi-square), each index equally likely in each
 * position, reproducible from the seed and the drawn order alone (the audit), whatever order the places arrived in.
 */
class QueueDrawTests {

	/** Seeds from a fixed generator: the test is deterministic, and fails only if the shuffle is biased. */
	private final Random seeds = new Random(18);

	@Test
	void everyOrderOfFourPlacesIsEquallyLikely() {
		int draws = 48_000;
		Map<String, Integer> counts = new HashMap<>();
		for (int i = 0; i < draws; i++) {
			counts.merge(Arrays.toString(QueueDraw.permutation(4, seed())), 1, Integer::sum);
		}

		assertThat(counts).hasSize(24);
		double expected = draws / 24.0;
		double chiSquare = counts.values().stream().mapToDouble((n) -> (n - expected) * (n - expected) / expected).sum();
		// 23 degrees of freedom: P(chi-square > 49.73) = 0.001
		assertThat(chiSquare).isLessThan(49.73);
	}

	@Test
	void eachPlaceIsEquallyLikelyInEachPosition() {
		int n = 10;
		int draws = 20_000;
		int[][] counts = new int[n][n];
		for (int i = 0; i < draws; i++) {
			int[] permutation = QueueDraw.permutation(n, seed());
			for (int position = 0; position < n; position++) {
				counts[position][permutation[position]]++;
			}
		}
		double expected = draws / (double) n;
		for (int position = 0; position < n; position++) {
			double chiSquare = 0;
			for (int place = 0; place < n; place++) {
				chiSquare += (counts[position][place] - expected) * (counts[position][place] - expected) / expected;
			}
			// 9 degrees of freedom: P(chi-square > 27.88) = 0.001
			assertThat(chiSquare).as("position %d", position).isLessThan(27.88);
		}
	}

	@Test
	void theSeedAndTheDrawnOrderReproduceTheDrawAndItsCommitment() {
		List<UUID> places = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			places.add(UUID.randomUUID());
		}
		byte[] seed = seed();
		QueueDraw.Draw draw = QueueDraw.draw(places, seed);
		List<UUID> arrivedOtherwise = new ArrayList<>(places);
		Collections.reverse(arrivedOtherwise);

		assertThat(draw.order()).containsExactlyInAnyOrderElementsOf(places);
		assertThat(QueueDraw.draw(arrivedOtherwise, seed)).isEqualTo(draw);
		assertThat(QueueDraw.draw(draw.order(), seed).order()).as("audit: the drawn order's ids, drawn again")
			.isEqualTo(draw.order());
		assertThat(draw.commitment()).isEqualTo(QueueDraw.commitment(seed, draw.order())).matches("[0-9a-f]{64}");
		assertThat(QueueDraw.draw(places, seed()).commitment()).isNotEqualTo(draw.commitment());
	}

	@Test
	void noPlaceAndOnePlaceAreDrawnAsThey() {
		UUID only = UUID.randomUUID();

		assertThat(QueueDraw.draw(List.of(), seed()).order()).isEmpty();
		assertThat(QueueDraw.draw(List.of(only), seed()).order()).containsExactly(only);
	}

	private byte[] seed() {
		byte[] seed = new byte[32];
		this.seeds.nextBytes(seed);
		return seed;
	}

}
