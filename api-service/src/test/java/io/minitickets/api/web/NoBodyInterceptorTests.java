package io.minitickets.api.web;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an endpoint that takes no body lets through: nothing, or an empty JSON object.
 */
class NoBodyInterceptorTests {

	@Test
	void letsNothingAndAnEmptyObjectThrough() {
		for (String body : new String[] { "", " \r\n", "{}", " {\t}\n" }) {
			assertThat(NoBodyInterceptor.isEmptyObjectOrNothing(body.getBytes(StandardCharsets.UTF_8))).as(body)
				.isTrue();
		}
	}

	@Test
	void refusesAnythingElse() {
		for (String body : new String[] { "{\"quantity\":2}", "{", "}", "{}{}", "[]", "null", "hello", "{}x" }) {
			assertThat(NoBodyInterceptor.isEmptyObjectOrNothing(body.getBytes(StandardCharsets.UTF_8))).as(body)
				.isFalse();
		}
	}

}
