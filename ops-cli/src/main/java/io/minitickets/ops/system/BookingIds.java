package io.minitickets.ops.system;

import java.util.UUID;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a booking id: a UUID in its 36-character form, as the API gives it. Anything else is bad usage said in words
 * (picocli's own UUID converter names {@code java.lang.IllegalArgumentException}).
 */
public final class BookingIds implements ITypeConverter<UUID> {

	@Override
	public UUID convert(String value) {
		try {
			if (value.length() == 36) {
				return UUID.fromString(value);
			}
		}
		catch (IllegalArgumentException ex) {
			// not a UUID: said below, as for any other length
		}
		throw new TypeConversionException("'" + value
				+ "' is not a booking id: a UUID such as 6f2d1c3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f");
	}

}
