package io.minitickets.api.security;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The loop reads the same token, or refuses the same headers, as Spring Security's regular expression.
 */
class BearerTokenHeaderTests {

	private final BearerTokenResolver expected = new DefaultBearerTokenResolver();

	private final BearerTokenResolver actual = new BearerTokenHeader();

	@Test
	void answersAsTheDefaultResolverForHandPickedHeaders() {
		List<@Nullable String> headers = new ArrayList<>(List.of("", "Basic abc", "Bearer", "Bearer ", "bearer abc",
				"BEARER a.b-c_d~e+f/g==", "Bearer  abc", "Bearer abc def", "Bearer abc=", "Bearer abc=d", "Bearer =",
				"Bearer abc\t", "Bearerabc", "Bearer\tabc", "Bearer é", "Bearer \u212A", "bearerx abc", "Token abc",
				"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl", "Bearer abc\n"));
		headers.add(null);

		for (String header : headers) {
			assertThat(answer(this.actual, header)).as(String.valueOf(header)).isEqualTo(answer(this.expected, header));
		}
	}

	@Test
	void answersAsTheDefaultResolverForRandomHeaders() {
		Random random = new Random(8);
		String alphabet = "aBz09-._~+/= \t\u00e9";
		for (int n = 0; n < 20_000; n++) {
			StringBuilder header = new StringBuilder(random.nextBoolean() ? "Bearer " : "bEaReR");
			for (int i = random.nextInt(6); i > 0; i--) {
				header.append(alphabet.charAt(random.nextInt(alphabet.length())));
			}

			assertThat(answer(this.actual, header.toString())).as(header.toString())
				.isEqualTo(answer(this.expected, header.toString()));
		}
	}

	/** The token, "none", or "malformed". */
	private static String answer(BearerTokenResolver resolver, @Nullable String header) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/events/1/bookings");
		if (header != null) {
			request.addHeader("Authorization", header);
		}
		try {
			String token = resolver.resolve(request);
			return (token != null) ? "token " + token : "none";
		}
		catch (OAuth2AuthenticationException ex) {
			return "malformed: " + ex.getError().getDescription();
		}
	}

}
