package io.minitickets.api.web;

import java.time.Instant;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;

/**
 * Reads an instant of a request body only from an ISO-8601 string ({@code "2026-12-01T10:00:00Z"}), as the API
 * documents it. Jackson's own reader also takes a number as epoch seconds ({@code 1700000000}, or {@code 1.5}), which a
 * client that sent a number by mistake would never notice; here it is refused with the field's expected form.
 */
final class IsoInstantText extends ValueDeserializer<Instant> {

	/**
	 * @return the instant the string names
	 * @throws tools.jackson.databind.exc.MismatchedInputException when the value is not a string (null never reaches
	 * here: Jackson binds it as null)
	 */
	@Override
	public Instant deserialize(JsonParser parser, DeserializationContext context) throws JacksonException {
		if (!parser.hasToken(JsonToken.VALUE_STRING)) {
			return (Instant) context.handleUnexpectedToken(Instant.class, parser);
		}
		return InstantDeserializer.INSTANT.deserialize(parser, context);
	}

}
