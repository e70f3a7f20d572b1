package io.minitickets.api.web;

import io.minitickets.api.problem.MalformedTextException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;

/**
 * Reads JSON text as Jackson's own {@link StringDeserializer} does, then refuses a lone surrogate: a JSON escape of a
 * surrogate code unit (D800 to DFFF) that is not the first or second half of a pair (RFC 8259 section 8.2 leaves such
 * strings to the parser; they are no Unicode text). Jackson hands one on as it came, and Postgres's UTF-8 encoder
 * then stored it as {@code ?}. Raw bytes that are not well-formed UTF-8 never get this far ({@link Utf8BodyFilter}).
 */
final class WellFormedText extends StringDeserializer {

	/**
	 * @return the text
	 * @throws MalformedTextException when it holds a lone surrogate
	 */
	@Override
	public String deserialize(JsonParser parser, DeserializationContext context) throws JacksonException {
		String text = super.deserialize(parser, context);
		if (text != null && hasLoneSurrogate(text)) {
			throw new MalformedTextException(parser, text);
		}
		return text;
	}

	/**
	 * @param text any text
	 * @return true when a surrogate in it is not a high surrogate followed by a low one
	 */
	static boolean hasLoneSurrogate(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				i++;
			}
			else if (Character.isSurrogate(c)) {
				return true;
			}
		}
		return false;
	}

}
