package io.minitickets.api.web;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Checks that bytes are well-formed UTF-8 as they stream past, without decoding or copying them: every sequence is
 * one of the well-formed byte sequences of the Unicode Standard, so an overlong form ({@code C0 AF} for '/',
 * {@code E0 80 AF}, {@code C0 80} for NUL), a surrogate ({@code ED A0 80}), a code point above U+10FFFF
 * ({@code F4 90 80 80}, {@code F5}...{@code FF}), a stray continuation byte and a sequence cut short are all refused.
 * One instance follows one stream: a sequence may be split between two calls of {@link #accept}.
 *
 * @see <a href="https://www.unicode.org/versions/Unicode15.0.0/ch03.pdf#G7404">Unicode 15.0, Table 3-7,
 * well-formed UTF-8 byte sequences</a>
 * @see <a href="https://www.rfc-editor.org/rfc/rfc3629#section-3">RFC 3629 section 3</a>
 */
final class Utf8Validator {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long HIGH_BITS = 0x8080808080808080L;

	private int pending;

	private int low = 0x80;

	private int high = 0xBF;

	private long offset;

	/**
	 * @param bytes where the next bytes of the stream are
	 * @param from the first of them
	 * @param count how many
	 * @return -1 when they continue well-formed UTF-8; otherwise the offset in the whole stream (from 0) of the first
	 * byte that does not
	 */
	long accept(byte[] bytes, int from, int count) {
		int end = from + count;
		int i = from;
		while (i < end) {
			if (this.pending == 0) {
				// ASCII eight bytes at a time: most of a JSON body is.
				while (i + 8 <= end && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) {
					i += 8;
				}
			}
			// Then byte by byte, at most eight, before the next try of the fast path.
			for (int stop = Math.min(i + 8, end); i < stop; i++) {
				if (!step(bytes[i] & 0xFF)) {
					return this.offset + (i - from);
				}
			}
		}
		this.offset += count;
		return -1;
	}

	/** @return false when the byte cannot come next in well-formed UTF-8 */
	private boolean step(int b) {
		if (this.pending == 0) {
			return b < 0x80 || lead(b);
		}
		if (b < this.low || b > this.high) {
			return false;
		}
		this.pending--;
		this.low = 0x80;
		this.high = 0xBF;
		return true;
	}

	/**
	 * @return true when the stream so far ends on a whole character; false when it stops inside a sequence
	 */
	boolean atCharacterBoundary() {
		return this.pending == 0;
	}

	/**
	 * @return how many bytes have been accepted
	 */
	long offset() {
		return this.offset;
	}

	/**
	 * @param latin1 a header value as Tomcat gives it: each byte as one char (ISO-8859-1)
	 * @return true when its bytes are well-formed UTF-8
	 */
	static boolean isWellFormed(String latin1) {
		int length = latin1.length();
		int i = 0;
		while (i < length && latin1.charAt(i) < 0x80) {
			i++;
		}
		if (i == length) {
			return true;
		}
		byte[] bytes = new byte[length - i];
		for (int j = i; j < length; j++) {
			char c = latin1.charAt(j);
			if (c > 0xFF) {
				return false;
			}
			bytes[j - i] = (byte) c;
		}
		Utf8Validator validator = new Utf8Validator();
		return validator.accept(bytes, 0, bytes.length) < 0 && validator.atCharacterBoundary();
	}

	/** Starts a multi-byte sequence: its length and the range of its first continuation byte (Table 3-7). */
	private boolean lead(int b) {
		if (b >= 0xC2 && b <= 0xDF) {
			this.pending = 1;
		}
		else if (b >= 0xE0 && b <= 0xEF) {
			this.pending = 2;
			this.low = (b == 0xE0) ? 0xA0 : 0x80;
			this.high = (b == 0xED) ? 0x9F : 0xBF;
		}
		else if (b >= 0xF0 && b <= 0xF4) {
			this.pending = 3;
			this.low = (b == 0xF0) ? 0x90 : 0x80;
			this.high = (b == 0xF4) ? 0x8F : 0xBF;
		}
		else {
			return false;
		}
		return true;
	}

}
