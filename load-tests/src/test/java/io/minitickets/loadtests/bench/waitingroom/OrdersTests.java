package io.minitickets.loadtests.bench.waitingroom;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link Orders}: Spearman's ρ (with ties), inversions, and a rate's error, against values worked out by hand.
 */
class OrdersTests {

	@Test
	void rhoIsOneForTheSameOrderAndMinusOneForTheReverse() {
		long[] joined = { 1, 2, 3, 4, 5 };

		assertThat(Orders.spearmanRho(joined, new long[] { 10, 20, 30, 40, 50 })).isCloseTo(1, within(1e-12));
		assertThat(Orders.spearmanRho(joined, new long[] { 5, 4, 3, 2, 1 })).isCloseTo(-1, within(1e-12));
	}

	@Test
	void rhoMatchesTheTextbookFormulaWithoutTies() {
		// d = rank differences 1, -1, 1, -1, 0: ρ = 1 − 6 Σd² / (n (n² − 1)) = 1 − 6 × 4 / 120 = 0.8
		assertThat(Orders.spearmanRho(new long[] { 1, 2, 3, 4, 5 }, new long[] { 2, 1, 4, 3, 5 }))
			.isCloseTo(0.8, within(1e-12));
	}

	@Test
	void tiedValuesShareTheMeanOfTheirRanks() {
		assertThat(Orders.ranks(new long[] { 7, 3, 7, 1 })).containsExactly(3.5, 2, 3.5, 1);
		// second ranking 1.5, 1.5, 3, 4 against 1, 2, 3, 4: Pearson's r of the ranks
		double rho = Orders.spearmanRho(new long[] { 1, 2, 3, 4 }, new long[] { 5, 5, 6, 9 });
		assertThat(rho).isCloseTo(4.5 / Math.sqrt(5 * 4.5), within(1e-12));
	}

	@Test
	void rhoOfAUniformShuffleIsNearZero() {
		int n = 10_000;
		List<Long> shuffled = new ArrayList<>();
		for (long i = 0; i < n; i++) {
			shuffled.add(i);
		}
		Collections.shuffle(shuffled, new Random(18));
		long[] joined = new long[n];
		long[] admitted = new long[n];
		for (int i = 0; i < n; i++) {
			joined[i] = i;
			admitted[i] = shuffled.get(i);
		}

		// the standard deviation of ρ under independence is 1 / √(n − 1) = 0.01
		assertThat(Math.abs(Orders.spearmanRho(joined, admitted))).isLessThan(0.05);
	}

	@Test
	void rhoIsZeroForTooFewItemsOrAllTies() {
		assertThat(Orders.spearmanRho(new long[] { 1 }, new long[] { 1 })).isZero();
		assertThat(Orders.spearmanRho(new long[] { 1, 2, 3 }, new long[] { 4, 4, 4 })).isZero();
	}

	@Test
	void inversionsCountEveryPairAdmittedOutOfJoinOrder() {
		assertThat(Orders.inversions(new long[] { 1, 2, 3, 4 })).isZero();
		assertThat(Orders.inversions(new long[] { 2, 1, 3, 4 })).isOne();
		assertThat(Orders.inversions(new long[] { 4, 3, 2, 1 })).isEqualTo(6);
		assertThat(Orders.inversions(new long[] { 3, 1, 2 })).isEqualTo(2);
		assertThat(Orders.inversions(new long[0])).isZero();
	}

	@Test
	void inversionsAgreeWithCountingEveryPair() {
		Random random = new SecureRandom();
		long[] admitted = random.longs(500, 0, 100).toArray();
		long pairs = 0;
		for (int i = 0; i < admitted.length; i++) {
			for (int j = i + 1; j < admitted.length; j++) {
				if (admitted[i] > admitted[j]) {
					pairs++;
				}
			}
		}

		assertThat(Orders.inversions(admitted)).isEqualTo(pairs);
	}

	@Test
	void rateErrorIsInPercentOfTheRateSet() {
		assertThat(Orders.rateErrorPercent(6_300, 60, 100)).isCloseTo(5, within(1e-9));
		assertThat(Orders.rateErrorPercent(5_700, 60, 100)).isCloseTo(-5, within(1e-9));
		assertThat(Orders.rateErrorPercent(6_000, 60, 100)).isZero();
	}

}
