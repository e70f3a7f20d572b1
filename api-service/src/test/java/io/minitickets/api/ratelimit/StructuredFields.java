package io.minitickets.api.ratelimit;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small parser of RFC 9651 Lists, as its section 4.2 parses them, for what the RateLimit fields hold: Items whose
 * bare items are Integers ({@link Long}), Strings ({@link String}), Tokens ({@link Token}), Byte Sequences
 * ({@code byte[]}) or Booleans, each with its Parameters. Decimals, Dates, Display Strings and Inner Lists are not
 * read: a field holding one fails to parse, as does anything malformed.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9651#name-parsing-structured-fields">RFC 9651 4.2</a>
 */
final class StructuredFields {

	private final String input;

	private int at;

	private StructuredFields(String input) {
		this.input = input;
	}

	/**
	 * @param field a field's value
	 * @return its List's Items, in order
	 * @throws IllegalArgumentException when it is not a List this parser reads
	 */
	static List<Item> parseList(String field) {
		StructuredFields parser = new StructuredFields(field);
		parser.skip(" ");
		List<Item> items = new ArrayList<>();
		while (!parser.atEnd()) {
			items.add(parser.item());
			parser.skip(" \t");
			if (parser.atEnd()) {
				return items;
			}
			parser.expect(',');
			parser.skip(" \t");
			if (parser.atEnd()) {
				throw parser.malformed("a trailing comma");
			}
		}
		return items;
	}

	private Item item() {
		Object value = bareItem();
		Map<String, Object> parameters = new LinkedHashMap<>();
		while (!atEnd() && peek() == ';') {
			this.at++;
			skip(" ");
			String key = key();
			Object parameter = Boolean.TRUE;
			if (!atEnd() && peek() == '=') {
				this.at++;
				parameter = bareItem();
			}
			parameters.put(key, parameter);
		}
		return new Item(value, parameters);
	}

	private Object bareItem() {
		if (atEnd()) {
			throw malformed("no item");
		}
		char c = peek();
		if (c == '-' || isDigit(c)) {
			return integer();
		}
		if (c == '"') {
			return string();
		}
		if (c == ':') {
			return byteSequence();
		}
		if (c == '?') {
			this.at++;
			char b = next();
			if (b != '0' && b != '1') {
				throw malformed("a Boolean that is not ?0 or ?1");
			}
			return b == '1';
		}
		if (isAlpha(c) || c == '*') {
			return token();
		}
		throw malformed("an item this parser does not read");
	}

	private long integer() {
		int start = this.at;
		if (peek() == '-') {
			this.at++;
		}
		int digits = 0;
		while (!atEnd() && isDigit(peek())) {
			this.at++;
			digits++;
		}
		if (digits == 0 || digits > 15 || (!atEnd() && peek() == '.')) {
			throw malformed("not an Integer (1 to 15 digits, no Decimal)");
		}
		return Long.parseLong(this.input.substring(start, this.at));
	}

	private String string() {
		this.at++;
		StringBuilder value = new StringBuilder();
		while (true) {
			char c = next();
			if (c == '"') {
				return value.toString();
			}
			if (c == '\\') {
				c = next();
				if (c != '"' && c != '\\') {
					throw malformed("an escape other than \\\" or \\\\");
				}
			}
			else if (c < 0x20 || c > 0x7e) {
				throw malformed("a character a String cannot hold");
			}
			value.append(c);
		}
	}

	private byte[] byteSequence() {
		this.at++;
		int end = this.input.indexOf(':', this.at);
		if (end < 0) {
			throw malformed("an unterminated Byte Sequence");
		}
		String base64 = this.input.substring(this.at, end);
		this.at = end + 1;
		if (!base64.matches("[A-Za-z0-9+/]*={0,2}")) {
			throw malformed("a Byte Sequence that is not base64");
		}
		return Base64.getDecoder().decode(base64);
	}

	private Token token() {
		int start = this.at;
		this.at++;
		while (!atEnd() && (isTchar(peek()) || peek() == ':' || peek() == '/')) {
			this.at++;
		}
		return new Token(this.input.substring(start, this.at));
	}

	private String key() {
		int start = this.at;
		if (atEnd() || !((peek() >= 'a' && peek() <= 'z') || peek() == '*')) {
			throw malformed("a key that does not start with a lower-case letter or *");
		}
		while (!atEnd() && ((peek() >= 'a' && peek() <= 'z') || isDigit(peek()) || "_-.*".indexOf(peek()) >= 0)) {
			this.at++;
		}
		return this.input.substring(start, this.at);
	}

	private static boolean isTchar(char c) {
		return isAlpha(c) || isDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
	}

	private static boolean isAlpha(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private void skip(String characters) {
		while (!atEnd() && characters.indexOf(peek()) >= 0) {
			this.at++;
		}
	}

	private void expect(char c) {
		if (atEnd() || next() != c) {
			throw malformed("no '" + c + "'");
		}
	}

	private boolean atEnd() {
		return this.at >= this.input.length();
	}

	private char peek() {
		return this.input.charAt(this.at);
	}

	private char next() {
		if (atEnd()) {
			throw malformed("an early end");
		}
		return this.input.charAt(this.at++);
	}

	private IllegalArgumentException malformed(String what) {
		return new IllegalArgumentException("Not a Structured Fields List: " + what + " at " + this.at + " of '"
				+ this.input + "'");
	}

	/**
	 * An Item.
	 *
	 * @param value its bare item
	 * @param parameters its Parameters, in order
	 */
	record Item(Object value, Map<String, Object> parameters) {

		/**
		 * @param key a parameter
		 * @return its value, an Integer
		 */
		long integer(String key) {
			return (Long) this.parameters.get(key);
		}

		/**
		 * @param key a parameter
		 * @return its value, a Byte Sequence
		 */
		byte[] bytes(String key) {
			return (byte[]) this.parameters.get(key);
		}

	}

	/**
	 * A Token, told apart from a String.
	 *
	 * @param value its characters
	 */
	record Token(String value) {

	}

}
