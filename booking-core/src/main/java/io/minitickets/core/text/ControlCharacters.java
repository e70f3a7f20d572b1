package io.minitickets.core.text;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * The characters a name shown to people may not contain: control characters (Unicode category Cc: NUL, TAB, ESC, the
 * C1 controls…), format characters (Cf: the bidirectional controls U+202A–U+202E and U+2066–U+2069, zero-width
 * characters, the soft hyphen…) and the line and paragraph separators (Zl U+2028, Zp U+2029). A bidirectional
 * control printed raw reverses the rest of a terminal's line, an ESC starts a terminal escape sequence, and a
 * separator breaks a table's row. Two format characters are text, not control, and are allowed: the zero-width
 * non-joiner U+200C (Persian and the Indic scripts spell words with it) and the zero-width joiner U+200D (emoji
 * sequences such as 👩‍💻 are joined by it); neither moves the cursor nor changes a line's direction.
 *
 * @see <a href="https://www.unicode.org/reports/tr9/">UAX #9, the Unicode bidirectional algorithm</a>
 */
public final class ControlCharacters {

	private static final int ZERO_WIDTH_NON_JOINER = 0x200C;

	private static final int ZERO_WIDTH_JOINER = 0x200D;

	private ControlCharacters() {
	}

	/**
	 * @param codePoint a Unicode code point
	 * @return true when it is a control (Cc), format (Cf) but for the joiners U+200C and U+200D, line separator (Zl)
	 * or paragraph separator (Zp) character
	 */
	public static boolean isControl(int codePoint) {
		if (codePoint == ZERO_WIDTH_NON_JOINER || codePoint == ZERO_WIDTH_JOINER) {
			return false;
		}
		int type = Character.getType(codePoint);
		return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
				|| type == Character.PARAGRAPH_SEPARATOR;
	}

	/**
	 * @param text the text to look at
	 * @return the first code point of the text for which {@link #isControl(int)} holds; empty when there is none
	 */
	public static OptionalInt first(CharSequence text) {
		return text.codePoints().filter(ControlCharacters::isControl).findFirst();
	}

	/**
	 * @param codePoint a Unicode code point
	 * @return its name in the standard's notation and its category, e.g. {@code U+202E (Unicode category Cf)}
	 */
	public static String describe(int codePoint) {
		return notation(codePoint) + " (Unicode category " + category(codePoint) + ")";
	}

	/**
	 * @param codePoint a Unicode code point
	 * @return {@code U+} and at least four upper-case hexadecimal digits, e.g. {@code U+202E}, {@code U+E0001}
	 */
	public static String notation(int codePoint) {
		return String.format(Locale.ROOT, "U+%04X", codePoint);
	}

	private static String category(int codePoint) {
		return switch (Character.getType(codePoint)) {
			case Character.CONTROL -> "Cc";
			case Character.FORMAT -> "Cf";
			case Character.LINE_SEPARATOR -> "Zl";
			case Character.PARAGRAPH_SEPARATOR -> "Zp";
			case Character.SURROGATE -> "Cs";
			case Character.UNASSIGNED -> "Cn";
			default -> "other";
		};
	}

}
