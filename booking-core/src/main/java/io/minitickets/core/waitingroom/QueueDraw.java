package io.minitickets.core.waitingroom;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The opening's draw (DESIGN.md, invariant 10): the pre-queue's places in a uniformly random order, by a Fisher–Yates
 * shuffle driven by a 256-bit seed from {@link SecureRandom}.
 * <p>
 * Auditable: the shuffle's input is the pre-queue's place ids sorted by their text (random UUIDs: unrelated to
 * arrival), and its random numbers are HMAC-SHA256(seed, 64-bit big-endian counter) blocks read as unsigned 32-bit
 * numbers (a deterministic stream, a CSPRNG while the seed is secret), taken without bias by rejection. So the seed
 * and the drawn order alone reproduce the draw: sort the order's ids, shuffle them with the seed, compare. The
 * commitment, SHA-256 over the seed and the drawn order's place ids (each as its 36-character text, in order), is
 * logged with the draw and stored with it in Valkey; publishing the seed after the sale lets anyone check that the
 * order applied is the one committed to.
 */
public final class QueueDraw {

	private QueueDraw() {
	}

	/**
	 * @param random where seeds come from
	 * @return a new 32-byte seed
	 */
	public static byte[] newSeed(SecureRandom random) {
		byte[] seed = new byte[32];
		random.nextBytes(seed);
		return seed;
	}

	/**
	 * @param places the pre-queue's places, in any order (they are sorted by their text first)
	 * @param seed 32 bytes from {@link #newSeed}
	 * @return the places in their drawn order, with the seed and the commitment
	 */
	public static Draw draw(Collection<UUID> places, byte[] seed) {
		List<UUID> sorted = new ArrayList<>(places);
		sorted.sort(Comparator.comparing(UUID::toString));
		int[] permutation = permutation(sorted.size(), seed);
		List<UUID> order = new ArrayList<>(permutation.length);
		for (int index : permutation) {
			order.add(sorted.get(index));
		}
		return new Draw(List.copyOf(order), HexFormat.of().formatHex(seed), commitment(seed, order));
	}

	/**
	 * A uniformly random permutation of {@code 0..n-1}, the same for the same seed.
	 * @param n how many
	 * @param seed the seed
	 * @return the permutation: position i holds the sorted index of the place drawn i-th
	 */
	public static int[] permutation(int n, byte[] seed) {
		int[] items = new int[n];
		for (int i = 0; i < n; i++) {
			items[i] = i;
		}
		Stream stream = new Stream(seed);
		for (int i = n - 1; i > 0; i--) {
			int j = stream.below(i + 1);
			int swap = items[i];
			items[i] = items[j];
			items[j] = swap;
		}
		return items;
	}

	/**
	 * @param seed the draw's seed
	 * @param order the drawn order
	 * @return hex SHA-256 over the seed then each place id's text
	 */
	public static String commitment(byte[] seed, List<UUID> order) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			digest.update(seed);
			for (UUID id : order) {
				digest.update(id.toString().getBytes(StandardCharsets.US_ASCII));
			}
			return HexFormat.of().formatHex(digest.digest());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * One draw.
	 *
	 * @param order the pre-queue's places in drawn order
	 * @param seedHex the seed, hex (kept secret until the sale is over)
	 * @param commitment hex SHA-256 over the seed and the drawn order
	 */
	public record Draw(List<UUID> order, String seedHex, String commitment) {
	}

	/** HMAC-SHA256(seed, counter) blocks, read as unsigned 32-bit numbers. */
	private static final class Stream {

		private final Mac mac;

		private long counter;

		private ByteBuffer block = ByteBuffer.allocate(0);

		Stream(byte[] seed) {
			try {
				this.mac = Mac.getInstance("HmacSHA256");
				this.mac.init(new SecretKeySpec(seed, "HmacSHA256"));
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException(ex);
			}
		}

		/** A uniform number in {@code [0, bound)}, by rejection of the top values that would bias it. */
		int below(int bound) {
			long range = 1L << 32;
			long limit = range - (range % bound);
			while (true) {
				long value = nextUnsigned();
				if (value < limit) {
					return (int) (value % bound);
				}
			}
		}

		private long nextUnsigned() {
			if (this.block.remaining() < 4) {
				this.block = ByteBuffer.wrap(this.mac.doFinal(ByteBuffer.allocate(8).putLong(this.counter++).array()));
			}
			return Integer.toUnsignedLong(this.block.getInt());
		}

	}

}
