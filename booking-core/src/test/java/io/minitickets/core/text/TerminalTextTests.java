package io.minitickets.core.text;

import java.time.Instant;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTextTests {

	@Test
	void escapesBidiControlsZeroWidthCharactersEscapesAndSeparators() {
		assertThat(TerminalText.escape("Sale \u202Eyad\u202C \u200B\u001B[2J\u2028end"))
			.isEqualTo("Sale \\u202Eyad\\u202C \\u200B\\u001B[2J\\u2028end");
	}

	@Test
	void escapesSupplementaryFormatCharactersLoneSurrogatesAndUnassignedCodePoints() {
		assertThat(TerminalText.escape("tag\uDB40\uDC01 lone\uD800 \uFFFF")).isEqualTo("tag\\u{E0001} lone\\uD800 \\uFFFF");
	}

	@Test
	void leavesPrintableTextAsItIs() {
		String printable = "Nuit blanche à Zürich — 東京 🎟️ \"quoted\" \\ done";

		assertThat(TerminalText.escape(printable)).isSameAs(printable);
	}

	@Test
	void formatsARowEscapingTextButNotNumbersOrTimes() {
		Instant at = Instant.parse("2026-12-02T10:00:00Z");

		String row = TerminalText.format(Locale.ROOT, "%-4d %-12s %,d %s %s%n", 7, "a\u202Eb", 12345, at,
				new StringBuilder("x\ty"));

		assertThat(row).isEqualTo("7    a\\u202Eb     12,345 2026-12-02T10:00:00Z x\\u0009y%n".formatted());
	}

}
