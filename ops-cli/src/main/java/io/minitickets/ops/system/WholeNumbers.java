package io.minitickets.ops.system;

import java.math.BigInteger;

import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads the whole numbers of every ops option and parameter ({@code int}, {@code long} and their boxes) in decimal,
 * and says what a bad one should have been in words: {@code 'abc' is not a whole number}, where picocli's own
 * converters say {@code is not an int} or {@code is not a long}. picocli prefixes the option or parameter:
 * {@code Invalid value for option '--capacity': 'abc' is not a whole number}.
 */
public final class WholeNumbers implements ITypeConverter<Long> {

	private final long min;

	private final long max;

	private WholeNumbers(long min, long max) {
		this.min = min;
		this.max = max;
	}

	/**
	 * Registers the converters on a command line and its subcommands.
	 * @param commandLine the top command line
	 */
	public static void register(CommandLine commandLine) {
		WholeNumbers longs = new WholeNumbers(Long.MIN_VALUE, Long.MAX_VALUE);
		WholeNumbers ints = new WholeNumbers(Integer.MIN_VALUE, Integer.MAX_VALUE);
		commandLine.registerConverter(Long.class, longs);
		commandLine.registerConverter(long.class, longs);
		commandLine.registerConverter(Integer.class, (value) -> Math.toIntExact(ints.convert(value)));
		commandLine.registerConverter(int.class, (value) -> Math.toIntExact(ints.convert(value)));
	}

	@Override
	public Long convert(String value) {
		BigInteger number;
		try {
			number = new BigInteger(value.strip());
		}
		catch (NumberFormatException ex) {
			throw new TypeConversionException("'" + value + "' is not a whole number");
		}
		if (number.compareTo(BigInteger.valueOf(this.min)) < 0 || number.compareTo(BigInteger.valueOf(this.max)) > 0) {
			throw new TypeConversionException("'" + value + "' is not a whole number from " + this.min + " to "
					+ this.max);
		}
		return number.longValueExact();
	}

}
