package io.minitickets.api.problem;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.exc.InvalidFormatException;

/**
 * JSON text that decodes to something that is not Unicode text: a lone surrogate, a JSON escape of a code unit from
 * D800 to DFFF that is half of no pair. Thrown by the reader of a body's strings; {@link UnreadableBodies} answers it
 * with a 400 that names the field.
 */
public final class MalformedTextException extends InvalidFormatException {

	/** What the 400 says after the field's name. */
	static final String DETAIL = "is not well-formed Unicode: it holds a lone surrogate (an escape \\uD800 to \\uDFFF "
			+ "that is not half of a pair)";

	/**
	 * @param parser the parser that read the text
	 * @param text the text as decoded
	 */
	public MalformedTextException(JsonParser parser, String text) {
		super(parser, DETAIL, text, String.class);
	}

}
