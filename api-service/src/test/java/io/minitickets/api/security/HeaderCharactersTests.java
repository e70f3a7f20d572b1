package io.minitickets.api.security;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The header checks answer as Spring Security's {@code StrictHttpFirewall} patterns do, for every code point and for
 * strings that mix them.
 */
class HeaderCharactersTests {

	private static final Pattern NAME = Pattern.compile("[\\p{IsAssigned}&&[^\\p{IsControl}]]*");

	private static final Pattern VALUE = Pattern.compile("[\\p{IsAssigned}&&[[^\\p{IsControl}]||\\t]]*");

	@Test
	void agreesWithTheFirewallsPatternsOnEveryCodePoint() {
		for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
			String text = Character.toString(codePoint);
			if (HeaderCharacters.isAllowedName(text) != NAME.matcher(text).matches()
					|| HeaderCharacters.isAllowedValue(text) != VALUE.matcher(text).matches()) {
				throw new AssertionError("disagrees on U+" + Integer.toHexString(codePoint));
			}
		}
	}

	@Test
	void agreesWithTheFirewallsPatternsOnMixedStrings() {
		List<String> samples = List.of("", "Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc", "a\tb", "a\nb", "a\u0000", "caf\u00e9",
				"\ud83d\ude00 emoji", "lone \ud83d surrogate", "lone \ude00 low", "\u0378 unassigned", "x\u007f", "\u0085",
				"ok\u00a0nbsp");
		for (String sample : samples) {
			assertThat(HeaderCharacters.isAllowedName(sample)).as(sample).isEqualTo(NAME.matcher(sample).matches());
			assertThat(HeaderCharacters.isAllowedValue(sample)).as(sample).isEqualTo(VALUE.matcher(sample).matches());
		}
	}

}
