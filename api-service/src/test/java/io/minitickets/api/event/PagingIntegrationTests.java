package io.minitickets.api.event;

import java.net.http.HttpResponse;
import java.util.List;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two paged lists, {@code GET /api/events} and {@code GET /api/bookings}: a page far past the end is empty (never
 * a 500, never an earlier page from an offset that overflowed), and a bad page or size is a 400 problem.
 */
class PagingIntegrationTests extends ApiIntegrationTest {

	private static final List<String> LISTS = List.of("/api/events", "/api/bookings");

	@Test
	void answersAnEmptyPageFarPastTheEnd() {
		createOpenEvent(1);
		String token = newUserToken();

		for (String list : LISTS) {
			// 2147483647 × 100 and 1431655766 × 3 overflow an int (the second wraps round to offset 2)
			for (String query : List.of("?page=2147483647&size=100", "?page=1431655766&size=3")) {
				HttpResponse<String> response = this.api.get(list + query, token);

				assertThat(response.statusCode()).as(list + query).isEqualTo(200);
				assertThat(ApiClient.json(response).isArray()).as(list + query).isTrue();
				assertThat(ApiClient.json(response).size()).as(list + query).isZero();
			}
		}
	}

	@Test
	void refusesABadPageOrSizeWithAProblem() {
		String token = newUserToken();

		for (String list : LISTS) {
			for (String query : List.of("?page=-1", "?size=0", "?size=101", "?page=abc", "?page=99999999999",
					"?page=%2B1", "?page=0x1", "?size=%EF%BC%92")) {
				HttpResponse<String> response = this.api.get(list + query, token);

				assertThat(response.statusCode()).as(list + query).isEqualTo(400);
				assertThat(response.headers().firstValue("Content-Type")).as(list + query)
					.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			}
		}
	}

	@Test
	void namesTheRangeOfANumberPastIt() {
		String token = newUserToken();

		for (String list : LISTS) {
			HttpResponse<String> page = this.api.get(list + "?page=99999999999", token);
			HttpResponse<String> size = this.api.get(list + "?size=-99999999999999999999", token);

			assertThat(page.statusCode()).as(list).isEqualTo(400);
			assertThat(ApiClient.json(page).get("detail").asString()).as(list)
				.isEqualTo("'page' must be an integer from 0 to 2147483647, not '99999999999'.");
			assertThat(ApiClient.json(size).get("detail").asString()).as(list)
				.isEqualTo("'size' must be an integer from 1 to 100, not '-99999999999999999999'.");
		}
	}

	@Test
	void namesARepeatedParameterInAPlainDetail() {
		String token = newUserToken();

		for (String list : LISTS) {
			for (String query : List.of("?page=0&page=1", "?size=5&size=5")) {
				HttpResponse<String> response = this.api.get(list + query, token);
				String parameter = query.substring(1, query.indexOf('='));

				assertThat(response.statusCode()).as(list + query).isEqualTo(400);
				assertThat(ApiClient.json(response).get("detail").asString()).as(list + query)
					.isEqualTo("Send '" + parameter + "' once, not 2 times.");
			}
		}
	}

}
