package io.minitickets.api.problem;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

import static org.assertj.core.api.Assertions.assertThat;

class ProblemDetailsAdviceTests {

	private final ProblemDetailsAdvice advice = new ProblemDetailsAdvice();

	@Test
	void aDatabaseThatCannotAnswerIs503WithRetryAfterNot500() {
		ResponseEntity<ProblemDetail> response = this.advice.handleDatabaseUnavailable(
				new CannotGetJdbcConnectionException("no connection", new SQLException("refused", "08001")));

		assertThat(response.getStatusCode().value()).isEqualTo(503);
		assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("2");
		assertThat(response.getBody().getType().toString()).endsWith("/problems/unavailable");
	}

	@Test
	void anUnexpectedFailureIs500WithoutItsMessage() {
		ResponseEntity<ProblemDetail> response = this.advice
			.handleUnexpected(new IllegalStateException("secret internals"));

		assertThat(response.getStatusCode().value()).isEqualTo(500);
		assertThat(response.getBody().getDetail()).doesNotContain("secret");
	}

}
