package io.minitickets.api.web;

import java.util.Collections;
import java.util.List;

import io.minitickets.api.problem.ApiException;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * JSON's quality in an {@code Accept} field as RFC 9110 reads it: the most specific matching range decides
 * (§12.5.1), and quality 0 is "not acceptable" (§12.4.2).
 */
class JsonAcceptanceTests {

	@Test
	void acceptsJsonWithoutAnAcceptOrWithAnEmptyOne() {
		assertThat(JsonAcceptance.acceptsJson(new MockHttpServletRequest())).isTrue();
		assertThat(quality("")).isEqualTo(1000);
		assertThat(quality(" , ,")).isEqualTo(1000);
	}

	@Test
	void acceptsTheRangesThatMatchJson() {
		assertThat(quality("application/json")).isEqualTo(1000);
		assertThat(quality("*/*")).isEqualTo(1000);
		assertThat(quality("application/*")).isEqualTo(1000);
		assertThat(quality("application/*+json")).isEqualTo(1000);
		assertThat(quality("text/html, application/json;q=0.5")).isEqualTo(500);
		assertThat(quality("application/json;charset=UTF-8")).isEqualTo(1000);
		assertThat(quality("text/html;level=\"a,b;q=0\", application/json")).isEqualTo(1000);
	}

	@Test
	void readsTypeNamesAndTheWeightCaseInsensitively() {
		assertThat(quality("Application/JSON")).isEqualTo(1000);
		assertThat(quality("APPLICATION/*")).isEqualTo(1000);
		assertThat(quality("application/json;Q=0")).isZero();
		assertThat(quality("APPLICATION/Json ; q=0.25")).isEqualTo(250);
	}

	@Test
	void quality0IsNotAcceptable() {
		assertThat(quality("application/json;q=0")).isZero();
		assertThat(quality("application/json;q=0.000")).isZero();
		assertThat(quality("application/*;q=0")).isZero();
		assertThat(quality("*/*;q=0")).isZero();
		assertThat(quality("text/plain, */*;q=0")).isZero();
	}

	@Test
	void theMostSpecificMatchingRangeDecides() {
		assertThat(quality("*/*;q=0, application/json;q=0.5")).isEqualTo(500);
		assertThat(quality("application/json;q=0.5, */*;q=0")).isEqualTo(500);
		assertThat(quality("application/*;q=0, application/json")).isEqualTo(1000);
		assertThat(quality("*/*;q=0, application/*;q=0.1")).isEqualTo(100);
		assertThat(quality("application/json;q=0, */*")).isZero();
		assertThat(quality("application/json;q=0, application/*")).isZero();
		assertThat(quality("application/*+json;q=0, application/*")).isZero();
		assertThat(quality("application/json, application/*+json;q=0")).isEqualTo(1000);
	}

	@Test
	void combinesSeveralAcceptLines() {
		assertThat(quality("text/plain", "*/*;q=0")).isZero();
		assertThat(quality("*/*;q=0", "application/json;q=0.8")).isEqualTo(800);
	}

	@Test
	void problemJsonIsAnotherTypeThanJson() {
		assertThat(quality("application/problem+json")).isZero();
		assertThat(quality("application/problem+json, application/json;q=0")).isZero();
		assertThat(quality("application/problem+json, application/json")).isEqualTo(1000);
	}

	@Test
	void noMatchingRangeIsNotAcceptable() {
		assertThat(quality("text/html")).isZero();
		assertThat(quality("text/*, image/png;q=0.5")).isZero();
	}

	@Test
	void aMalformedFieldCannotBeRead() {
		for (String malformed : List.of("application/json;q=abc", "application/json;q=1.5", "application/json;q=2",
				"application/json;q=-0", "application/json;q=0.1234", "application/json;q=", "application/json;q=.5",
				"application/json;q=1e-1", "application/json;q=\"0.5\"", "application/json;q=1.001", "json",
				"application/", "/json", "*/json", "application/json;charset", "application/json x",
				"text/html;a=\"unterminated, application/json")) {
			assertThat(quality(malformed)).as(malformed).isEqualTo(-1);
		}
	}

	@Test
	void readsTheBoundsOfAQualityValue() {
		assertThat(quality("application/json;q=1")).isEqualTo(1000);
		assertThat(quality("application/json;q=1.")).isEqualTo(1000);
		assertThat(quality("application/json;q=1.000")).isEqualTo(1000);
		assertThat(quality("application/json;q=0.")).isZero();
		assertThat(quality("application/json;q=0.001")).isEqualTo(1);
		assertThat(quality("application/json;q=0.999")).isEqualTo(999);
	}

	@Test
	void answersForARequest() {
		MockHttpServletRequest plain = new MockHttpServletRequest();
		plain.addHeader("Accept", "application/json");
		MockHttpServletRequest excluded = new MockHttpServletRequest();
		excluded.addHeader("Accept", "application/json;q=0");
		MockHttpServletRequest malformed = new MockHttpServletRequest();
		malformed.addHeader("Accept", "application/json;q=x");

		assertThat(JsonAcceptance.acceptsJson(plain)).isTrue();
		assertThat(JsonAcceptance.acceptsJson(excluded)).isFalse();
		assertThat(JsonAcceptance.notAcceptable().getStatus().value()).isEqualTo(406);
		assertThatExceptionOfType(ApiException.class).isThrownBy(() -> JsonAcceptance.acceptsJson(malformed))
			.satisfies((ex) -> assertThat(ex.getStatus().value()).isEqualTo(400))
			.withMessage(JsonAcceptance.UNREADABLE);
	}

	private static int quality(String... acceptLines) {
		return JsonAcceptance.quality(Collections.enumeration(List.of(acceptLines)));
	}

}
