package io.minitickets.core.text;

import java.time.temporal.TemporalAccessor;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * Prints text that came from outside the program (an event's name from Postgres, a header from Kafka, a value from
 * Valkey) in a command-line table: every unprintable code point is written as an escape, so what an operator sees is
 * what is stored and no character can reverse, hide or break the line. Unprintable are the characters of
 * {@link ControlCharacters} and, besides them, lone surrogates (Cs) and code points Unicode has not assigned (Cn).
 * Every table of ops-cli, local-stack and load-tests formats its rows here.
 */
public final class TerminalText {

	private TerminalText() {
	}

	/**
	 * @param text text to print; null prints as {@code null}
	 * @return the text with each unprintable code point written as {@code \}{@code uXXXX} (four hexadecimal digits) or,
	 * past U+FFFF, {@code \}{@code u{XXXXX}}; the text itself when it has none
	 */
	public static String escape(@Nullable String text) {
		if (text == null) {
			return "null";
		}
		if (text.codePoints().noneMatch(TerminalText::isUnprintable)) {
			return text;
		}
		StringBuilder escaped = new StringBuilder(text.length() + 8);
		text.codePoints().forEach((codePoint) -> {
			if (!isUnprintable(codePoint)) {
				escaped.appendCodePoint(codePoint);
			}
			else if (codePoint <= 0xFFFF) {
				escaped.append(String.format(Locale.ROOT, "\\u%04X", codePoint));
			}
			else {
				escaped.append(String.format(Locale.ROOT, "\\u{%X}", codePoint));
			}
		});
		return escaped.toString();
	}

	/**
	 * Formats one row of a table as {@link String#format(Locale, String, Object...)} does, escaping every argument
	 * that is text ({@link #escape(String)}). Numbers, booleans, characters and times are passed as they are (so
	 * {@code %d} and {@code %,.1f} keep working); any other object is printed by its {@code toString()}, escaped.
	 * @param locale the locale of numbers (the JDK's {@code printf} uses the default one)
	 * @param format the row's format, e.g. {@code "%-8d %-24s%n"}
	 * @param args the cells
	 * @return the row
	 * @throws java.util.IllegalFormatException when the format does not fit the arguments
	 */
	public static String format(Locale locale, String format, @Nullable Object... args) {
		Object[] cells = new Object[args.length];
		for (int i = 0; i < args.length; i++) {
			cells[i] = cell(args[i]);
		}
		return String.format(locale, format, cells);
	}

	/**
	 * {@link #format(Locale, String, Object...)} in the default locale, as {@code printf} formats.
	 * @param format the row's format
	 * @param args the cells
	 * @return the row
	 * @throws java.util.IllegalFormatException when the format does not fit the arguments
	 */
	public static String format(String format, @Nullable Object... args) {
		return format(Locale.getDefault(Locale.Category.FORMAT), format, args);
	}

	private static @Nullable Object cell(@Nullable Object arg) {
		if (arg == null || arg instanceof Number || arg instanceof Boolean || arg instanceof Character
				|| arg instanceof TemporalAccessor) {
			return arg;
		}
		return escape(arg.toString());
	}

	private static boolean isUnprintable(int codePoint) {
		int type = Character.getType(codePoint);
		return ControlCharacters.isControl(codePoint) || type == Character.SURROGATE || type == Character.UNASSIGNED;
	}

}
