package io.minitickets.core.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ControlCharactersTests {

	@Test
	void findsTheFirstControlFormatOrSeparatorCharacter() {
		assertThat(ControlCharacters.first("Launch \u202Ethgin")).hasValue(0x202E);
		assertThat(ControlCharacters.first("tab\there")).hasValue(0x09);
		assertThat(ControlCharacters.first("line\u2029break")).hasValue(0x2029);
		assertThat(ControlCharacters.first("tag\uDB40\uDC01")).hasValue(0xE0001);
		assertThat(ControlCharacters.first("Nuit blanche à Zürich 🎟️")).isEmpty();
	}

	@Test
	void takesTheJoinersThatWordsAndEmojiSequencesAreSpelledWith() {
		assertThat(ControlCharacters.first("\u0645\u06CC\u200C\u0631\u0648\u0645")).isEmpty();
		assertThat(ControlCharacters.first("Dev night \uD83D\uDC69\u200D\uD83D\uDCBB")).isEmpty();
		assertThat(ControlCharacters.first("zero\u200Bwidth space")).hasValue(0x200B);
	}

	@Test
	void describesACodePointByItsNotationAndCategory() {
		assertThat(ControlCharacters.describe(0x202E)).isEqualTo("U+202E (Unicode category Cf)");
		assertThat(ControlCharacters.describe(0x1B)).isEqualTo("U+001B (Unicode category Cc)");
		assertThat(ControlCharacters.describe(0xE0001)).isEqualTo("U+E0001 (Unicode category Cf)");
	}

}
