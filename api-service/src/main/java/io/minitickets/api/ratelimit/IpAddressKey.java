package io.minitickets.api.ratelimit;

import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * The bucket key of an IP address written as text, parsed strictly and without any name lookup (never
 * {@code InetAddress.getByName}, which would ask DNS for anything that is not a literal).
 * <p>
 * An IPv4 address is its dotted quad ({@code 192.0.2.1}); an IPv4-mapped IPv6 address ({@code ::ffff:192.0.2.1}) is
 * the IPv4 address it maps; any other IPv6 address is its /64 ({@code 2001:db8:0:0::/64}), the prefix one customer
 * gets (RFC 6177), so the 2<sup>64</sup> addresses of one line share one bucket. A port is dropped
 * ({@code 1.2.3.4:5678}, {@code [2001:db8::1]:443}). Anything else is not an address: an IPv4 part over 255 or with a
 * leading zero (octal or decimal is anyone's guess), a zone id, a second {@code ::}, a non-ASCII digit.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc4291#section-2.2">RFC 4291 2.2, text forms of IPv6 addresses</a>
 */
final class IpAddressKey {

	private static final int MAX_TEXT_LENGTH = 64;

	private IpAddressKey() {
	}

	/**
	 * @param text an address as a client or proxy wrote it, with or without a port
	 * @return its bucket key; empty when the text is not an IP address
	 */
	static Optional<String> of(String text) {
		if (text.isEmpty() || text.length() > MAX_TEXT_LENGTH) {
			return Optional.empty();
		}
		byte[] address = parseWithPort(text);
		return Optional.ofNullable(address).map(IpAddressKey::key);
	}

	private static byte @Nullable [] parseWithPort(String text) {
		if (text.charAt(0) == '[') {
			int close = text.indexOf(']');
			if (close < 0 || !isPortOrNothing(text.substring(close + 1))) {
				return null;
			}
			return parseIpv6(text.substring(1, close));
		}
		int colon = text.indexOf(':');
		if (colon >= 0 && colon == text.lastIndexOf(':')) {
			// One colon: only an IPv4 address with a port (an IPv6 address has at least two).
			return (colon > 0 && isPortOrNothing(text.substring(colon))) ? parseIpv4(text.substring(0, colon)) : null;
		}
		return (colon < 0) ? parseIpv4(text) : parseIpv6(text);
	}

	private static boolean isPortOrNothing(String rest) {
		if (rest.isEmpty()) {
			return true;
		}
		if (rest.charAt(0) != ':' || rest.length() < 2 || rest.length() > 6) {
			return false;
		}
		int port = 0;
		for (int i = 1; i < rest.length(); i++) {
			char c = rest.charAt(i);
			if (c < '0' || c > '9') {
				return false;
			}
			port = port * 10 + (c - '0');
		}
		return port <= 65_535;
	}

	private static byte @Nullable [] parseIpv4(String text) {
		byte[] address = new byte[4];
		int part = 0;
		int start = 0;
		for (int i = 0; i <= text.length(); i++) {
			if (i == text.length() || text.charAt(i) == '.') {
				if (part == 4) {
					return null;
				}
				int octet = parseOctet(text, start, i);
				if (octet < 0) {
					return null;
				}
				address[part++] = (byte) octet;
				start = i + 1;
			}
		}
		return (part == 4) ? address : null;
	}

	/** @return the decimal octet in {@code text[start, end)}, or -1 when it is not one */
	private static int parseOctet(String text, int start, int end) {
		int length = end - start;
		if (length < 1 || length > 3 || (length > 1 && text.charAt(start) == '0')) {
			return -1;
		}
		int value = 0;
		for (int i = start; i < end; i++) {
			char c = text.charAt(i);
			if (c < '0' || c > '9') {
				return -1;
			}
			value = value * 10 + (c - '0');
		}
		return (value <= 255) ? value : -1;
	}

	private static byte @Nullable [] parseIpv6(String text) {
		String hexPart = text;
		byte[] embeddedIpv4 = null;
		int lastColon = text.lastIndexOf(':');
		if (lastColon >= 0 && text.indexOf('.', lastColon) >= 0) {
			embeddedIpv4 = parseIpv4(text.substring(lastColon + 1));
			if (embeddedIpv4 == null) {
				return null;
			}
			// Keep the colon(s) before the IPv4 part, so "::1.2.3.4" stays a "::" form, and "1::2:1.2.3.4" keeps 2.
			hexPart = text.substring(0, lastColon + 1) + "0:0";
		}
		int[] groups = parseGroups(hexPart);
		if (groups == null) {
			return null;
		}
		byte[] address = new byte[16];
		for (int i = 0; i < 8; i++) {
			address[2 * i] = (byte) (groups[i] >> 8);
			address[2 * i + 1] = (byte) groups[i];
		}
		if (embeddedIpv4 != null) {
			System.arraycopy(embeddedIpv4, 0, address, 12, 4);
		}
		return address;
	}

	/** @return the eight 16-bit groups of a hexadecimal IPv6 text, or null when it is not one */
	private static int @Nullable [] parseGroups(String text) {
		int gap = text.indexOf("::");
		if (gap >= 0 && text.indexOf("::", gap + 1) >= 0) {
			return null;
		}
		int[] head = (gap < 0) ? parseGroupList(text) : parseGroupList(text.substring(0, gap));
		int[] tail = (gap < 0) ? new int[0] : parseGroupList(text.substring(gap + 2));
		if (head == null || tail == null) {
			return null;
		}
		int present = head.length + tail.length;
		if ((gap < 0 && present != 8) || (gap >= 0 && present > 7)) {
			return null;
		}
		int[] groups = new int[8];
		System.arraycopy(head, 0, groups, 0, head.length);
		System.arraycopy(tail, 0, groups, 8 - tail.length, tail.length);
		return groups;
	}

	/** @return the groups of a colon-separated list ("" is none), or null when one is not 1 to 4 hex digits */
	private static int @Nullable [] parseGroupList(String text) {
		if (text.isEmpty()) {
			return new int[0];
		}
		String[] parts = text.split(":", -1);
		if (parts.length > 8) {
			return null;
		}
		int[] groups = new int[parts.length];
		for (int i = 0; i < parts.length; i++) {
			String part = parts[i];
			if (part.isEmpty() || part.length() > 4) {
				return null;
			}
			int value = 0;
			for (int j = 0; j < part.length(); j++) {
				int digit = hexDigit(part.charAt(j));
				if (digit < 0) {
					return null;
				}
				value = value * 16 + digit;
			}
			groups[i] = value;
		}
		return groups;
	}

	/** @return the value of an ASCII hexadecimal digit, or -1 (Character.digit also takes other scripts' digits) */
	private static int hexDigit(char c) {
		if (c >= '0' && c <= '9') {
			return c - '0';
		}
		if (c >= 'a' && c <= 'f') {
			return c - 'a' + 10;
		}
		return (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
	}

	private static String key(byte[] address) {
		if (address.length == 4) {
			return ipv4(address, 0);
		}
		if (isIpv4Mapped(address)) {
			return ipv4(address, 12);
		}
		StringBuilder prefix = new StringBuilder();
		for (int i = 0; i < 8; i += 2) {
			prefix.append(Integer.toHexString(((address[i] & 0xff) << 8) | (address[i + 1] & 0xff))).append(':');
		}
		return prefix.append(":/64").toString();
	}

	private static boolean isIpv4Mapped(byte[] address) {
		for (int i = 0; i < 10; i++) {
			if (address[i] != 0) {
				return false;
			}
		}
		return address[10] == (byte) 0xff && address[11] == (byte) 0xff;
	}

	private static String ipv4(byte[] address, int offset) {
		return (address[offset] & 0xff) + "." + (address[offset + 1] & 0xff) + "." + (address[offset + 2] & 0xff) + "."
				+ (address[offset + 3] & 0xff);
	}

}
