package io.minitickets.ops.system;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads an ISO-8601 date-time as an instant: with an offset or zone as given ({@code 2026-12-01T10:00+01:00},
 * {@code 2026-12-01T10:00[Europe/Paris]}, {@code …Z}), without one in UTC ({@code 2026-12-01T10:00}).
 */
public final class Times implements ITypeConverter<Instant> {

	/**
	 * @param text the date-time
	 * @return the instant
	 * @throws IllegalArgumentException when it is not an ISO-8601 date-time
	 */
	public static Instant parse(String text) {
		try {
			TemporalAccessor parsed = DateTimeFormatter.ISO_DATE_TIME.parseBest(text.trim(), ZonedDateTime::from,
					LocalDateTime::from);
			return (parsed instanceof ZonedDateTime zoned) ? zoned.toInstant()
					: ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 date-time (examples: "
					+ "2026-12-01T10:00Z, 2026-12-01T10:00 for UTC, 2026-12-01T11:00+01:00)", ex);
		}
	}

	@Override
	public Instant convert(String value) {
		try {
			return parse(value);
		}
		catch (IllegalArgumentException ex) {
			throw new TypeConversionException(ex.getMessage());
		}
	}

}
