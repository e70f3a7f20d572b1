package io.minitickets.api.ratelimit;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PartitionKeysTests {

	/** The reference key of SipHash's test vectors: bytes 00 to 0f. */
	private static final long K0 = 0x0706050403020100L;

	private static final long K1 = 0x0f0e0d0c0b0a0908L;

	/**
	 * The vectors of the SipHash paper's reference implementation (key 00..0f, message 00..n-1), split at every place
	 * between the two texts the hash reads in turn: the message's words, its last bytes and its length byte.
	 */
	@Test
	void isSipHash24AsItsReferenceVectorsSay() {
		assertThat(sipHash(0)).isEqualTo(0x726fdb47dd0e0e31L);
		assertThat(sipHash(1)).isEqualTo(0x74f839c593dc67fdL);
		assertThat(sipHash(7)).isEqualTo(0xab0200f58b01d137L);
		assertThat(sipHash(8)).isEqualTo(0x93f5f5799a932462L);
		assertThat(sipHash(9)).isEqualTo(0x9e0082df0ba9e4b0L);
		assertThat(sipHash(15)).isEqualTo(0xa129ca6149be45e5L);
		assertThat(sipHash(16)).isEqualTo(0x3f2acc7f57c29bdbL);
		assertThat(sipHash(63)).isEqualTo(0x958a324ceb064572L);
	}

	@Test
	void writesTheHashAsBase64OfItsEightBytesLeastSignificantFirst() {
		SplittableRandom random = new SplittableRandom();
		for (long hash : new long[] { 0, -1, 0x726fdb47dd0e0e31L, random.nextLong(), random.nextLong() }) {
			byte[] bytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(hash).array();

			assertThat(PartitionKeys.appendBase64(new StringBuilder(), hash).toString())
				.isEqualTo(Base64.getEncoder().encodeToString(bytes));
		}
	}

	@Test
	void givesOneBucketOneKeyPerSecretAndOtherBucketsOthers() {
		PartitionKeys keys = new PartitionKeys("one deployment's secret");

		assertThat(keys.of("book:user:", "42")).isEqualTo(new PartitionKeys("one deployment's secret").of("book:user:",
				"42"));
		assertThat(keys.of("book:user:", "42")).isNotEqualTo(keys.of("book:user:", "43"))
			.isNotEqualTo(keys.of("login:ip:", "42"))
			.isNotEqualTo(new PartitionKeys("another deployment's secret").of("book:user:", "42"));
	}

	private static long sipHash(int length) {
		StringBuilder message = new StringBuilder();
		for (int i = 0; i < length; i++) {
			message.append((char) i);
		}
		long whole = PartitionKeys.sipHash24(K0, K1, message.toString(), "");
		for (int split = 1; split <= length; split++) {
			assertThat(PartitionKeys.sipHash24(K0, K1, message.substring(0, split), message.substring(split)))
				.as("split at %d of %d", split, length)
				.isEqualTo(whole);
		}
		return whole;
	}

}
