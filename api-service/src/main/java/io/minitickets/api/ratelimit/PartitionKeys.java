package io.minitickets.api.ratelimit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The partition keys ({@code pk}) of the RateLimit fields: a keyed hash of a token bucket's identity, the same for
 * every answer of one bucket and from which nobody without the key can read the user id or client address back.
 * <p>
 * SipHash-2-4, a pseudo-random function with a 128-bit key made for short inputs: user ids are small numbers and IPv4
 * addresses 2<sup>32</sup>, so an unkeyed hash of either (or one with a known salt) is read back by hashing every
 * candidate; with the key secret, the pk of one user says nothing about any other. The key is the first 16 bytes of
 * SHA-256 over a label of its own and the deployment's secret (so a secret shared with another use, the access
 * tokens' signing key by default, yields a key of its own), and every instance of a deployment gives one bucket the
 * same pk. The hash reads the characters in place (no byte array per request), each as one byte: bucket ids are ASCII
 * (decimal user ids, {@link IpAddressKey}'s address keys).
 *
 * @see <a href="https://www.aumasson.jp/siphash/siphash.pdf">Aumasson and Bernstein, SipHash: a fast short-input
 * PRF</a>
 */
final class PartitionKeys {

	private static final char[] BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
		.toCharArray();

	/** Put before the secret in the key's digest: the key serves this use alone. */
	private static final byte[] LABEL = "minitickets rate-limit partition key\0".getBytes(StandardCharsets.US_ASCII);

	private final long k0;

	private final long k1;

	/**
	 * @param secret the deployment's secret, the same on every instance (any text)
	 */
	PartitionKeys(String secret) {
		byte[] digest = sha256(secret);
		this.k0 = littleEndian(digest, 0);
		this.k1 = littleEndian(digest, 8);
	}

	/**
	 * @param prefix the bucket's scope and a colon ({@code book:user:}), fixed per bucket
	 * @param id whose bucket: a user id, a client address key
	 * @return the 64-bit hash of {@code prefix + id} under this deployment's key
	 */
	long of(String prefix, String id) {
		return sipHash24(this.k0, this.k1, prefix, id);
	}

	/**
	 * Appends a hash as the draft's Byte Sequence holds it: its 8 bytes, least significant first (SipHash's own output
	 * order), in base64 with padding (RFC 4648 section 4), 12 characters. The colons around it are the caller's.
	 * @param out where to append
	 * @param hash the hash
	 * @return {@code out}
	 * @see <a href="https://www.rfc-editor.org/rfc/rfc9651#name-byte-sequences">RFC 9651 3.3.5, Byte Sequences</a>
	 */
	static StringBuilder appendBase64(StringBuilder out, long hash) {
		long rest = hash;
		for (int group = 0; group < 3; group++) {
			int bytes = (group < 2) ? 3 : 2;
			int bits = 0;
			for (int i = 0; i < bytes; i++) {
				bits = (bits << 8) | (int) (rest & 0xff);
				rest >>>= 8;
			}
			if (bytes == 2) {
				// the last group: 16 bits as three characters (the last with two zero bits) and one pad
				bits <<= 8;
			}
			out.append(BASE64[(bits >>> 18) & 63]).append(BASE64[(bits >>> 12) & 63]);
			out.append(BASE64[(bits >>> 6) & 63]).append((bytes == 3) ? BASE64[bits & 63] : '=');
		}
		return out;
	}

	/**
	 * SipHash-2-4 of the concatenation of two texts, each character taken as one byte (its low 8 bits).
	 * @param k0 the key's first 8 bytes, little-endian
	 * @param k1 the key's last 8 bytes, little-endian
	 * @param head the message's first characters
	 * @param tail the rest
	 * @return the 64-bit hash, as the reference implementation's output bytes read little-endian
	 */
	static long sipHash24(long k0, long k1, String head, String tail) {
		long v0 = k0 ^ 0x736f6d6570736575L;
		long v1 = k1 ^ 0x646f72616e646f6dL;
		long v2 = k0 ^ 0x6c7967656e657261L;
		long v3 = k1 ^ 0x7465646279746573L;
		int length = head.length() + tail.length();
		int words = length / 8 + 1;
		// the message's words (the last one holds its remaining bytes and its length), then the finalization
		for (int w = 0; w <= words; w++) {
			boolean finalization = w == words;
			long m = 0;
			if (finalization) {
				v2 ^= 0xff;
			}
			else {
				int offset = 8 * w;
				m = (w < words - 1) ? word(head, tail, offset, 8)
						: ((long) (length & 0xff) << 56) | word(head, tail, offset, length - offset);
				v3 ^= m;
			}
			for (int round = 0, rounds = finalization ? 4 : 2; round < rounds; round++) {
				v0 += v1;
				v1 = Long.rotateLeft(v1, 13) ^ v0;
				v0 = Long.rotateLeft(v0, 32);
				v2 += v3;
				v3 = Long.rotateLeft(v3, 16) ^ v2;
				v0 += v3;
				v3 = Long.rotateLeft(v3, 21) ^ v0;
				v2 += v1;
				v1 = Long.rotateLeft(v1, 17) ^ v2;
				v2 = Long.rotateLeft(v2, 32);
			}
			v0 ^= m;
		}
		return v0 ^ v1 ^ v2 ^ v3;
	}

	/** @return {@code count} (0 to 8) message bytes from {@code offset}, little-endian */
	private static long word(String head, String tail, int offset, int count) {
		long word = 0;
		for (int i = 0; i < count; i++) {
			int at = offset + i;
			char c = (at < head.length()) ? head.charAt(at) : tail.charAt(at - head.length());
			word |= (long) (c & 0xff) << (8 * i);
		}
		return word;
	}

	private static long littleEndian(byte[] bytes, int offset) {
		long value = 0;
		for (int i = 7; i >= 0; i--) {
			value = (value << 8) | (bytes[offset + i] & 0xff);
		}
		return value;
	}

	private static byte[] sha256(String secret) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			digest.update(LABEL);
			return digest.digest(secret.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-256", ex);
		}
	}

}
