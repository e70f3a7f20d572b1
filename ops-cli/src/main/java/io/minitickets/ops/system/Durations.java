package io.minitickets.ops.system;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads durations as operators write them: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, a bare number of
 * seconds, or ISO-8601 ({@code PT30S}), as Spring Boot's duration properties do.
 */
public final class Durations implements ITypeConverter<Duration> {

	private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h|d)?");

	/**
	 * @param text the duration
	 * @return it
	 * @throws IllegalArgumentException when it is none of the accepted forms
	 */
	public static Duration parse(String text) {
		String trimmed = text.trim();
		Matcher simple = SIMPLE.matcher(trimmed);
		if (simple.matches()) {
			long amount = Long.parseLong(simple.group(1));
			String unit = (simple.group(2) != null) ? simple.group(2) : "s";
			return switch (unit) {
				case "ms" -> Duration.ofMillis(amount);
				case "m" -> Duration.ofMinutes(amount);
				case "h" -> Duration.ofHours(amount);
				case "d" -> Duration.ofDays(amount);
				default -> Duration.ofSeconds(amount);
			};
		}
		try {
			return Duration.parse(trimmed);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("'" + text + "' is not a duration (examples: 500ms, 30s, 2m, PT30S)",
					ex);
		}
	}

	@Override
	public Duration convert(String value) {
		try {
			return parse(value);
		}
		catch (IllegalArgumentException ex) {
			throw new TypeConversionException(ex.getMessage());
		}
	}

}
