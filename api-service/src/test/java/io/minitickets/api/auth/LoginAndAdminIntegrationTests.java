package io.minitickets.api.auth;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LoginAndAdminIntegrationTests extends ApiIntegrationTest {

	@Test
	void logsInTheBootstrapAdminWhoCreatesAUserWhoLogsIn() {
		String admin = ApiClient.json(login("admin@test.local", "admin-password", "10.1.0.1")).get("token").asString();
		String email = "u" + UUID.randomUUID() + "@test.local";

		HttpResponse<String> created = this.api.post("/api/admin/users",
				"{\"email\":\"" + email + "\",\"password\":\"s3cret-password\"}", admin);

		assertThat(created.statusCode()).isEqualTo(201);
		assertThat(created.body()).doesNotContain("password");
		HttpResponse<String> userLogin = login(email, "s3cret-password", "10.1.0.2");
		assertThat(userLogin.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(userLogin).get("expiresAt").asString()).isNotBlank();
		HttpResponse<String> again = this.api.post("/api/admin/users",
				"{\"email\":\"" + email.toUpperCase() + "\",\"password\":\"another-password\"}", admin);
		assertThat(again.statusCode()).isEqualTo(409);
	}

	@Test
	void refusesAWrongPasswordWithAProblem() {
		HttpResponse<String> response = login("admin@test.local", "wrong", "10.1.0.3");

		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
	}

	@Test
	void refusesInputThatPostgresOrBcryptCouldNotTakeWithA400() {
		HttpResponse<String> nulEmail = this.api.post("/api/auth/login",
				"{\"email\":\"ada\\u0000@example.com\",\"password\":\"whatever1\"}", null, "X-Forwarded-For",
				"10.1.0.4");
		HttpResponse<String> longPassword = this.api.post("/api/admin/users",
				"{\"email\":\"long@test.local\",\"password\":\"" + "\u00e9".repeat(40) + "\"}", adminToken());
		HttpResponse<String> nulName = this.api.post("/api/admin/events",
				"{\"name\":\"a\\u0000b\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", adminToken());
		HttpResponse<String> farFuture = this.api.post("/api/admin/events",
				"{\"name\":\"x\",\"capacity\":5,\"saleOpensAt\":\"+999999999-12-31T23:59:59Z\"}", adminToken());
		ApiClient.RawResponse nonAsciiProxy = this.api.sendRaw("POST", "/api/auth/login",
				"{\"email\":\"a@b.c\",\"password\":\"nope\"}", "X-Forwarded-For: ключ");

		assertThat(nonAsciiProxy.status()).isEqualTo(400);
		assertThat(nonAsciiProxy.body()).contains("/problems/invalid-request");
		for (HttpResponse<String> response : List.of(nulEmail, longPassword, nulName, farFuture)) {
			assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
			assertThat(ApiClient.json(response).get("type").asString()).endsWith("/problems/invalid-request");
		}
	}

	@Test
	void namesTheLengthsANameOrPasswordMayHaveAndTheirUnit() {
		HttpResponse<String> longName = this.api.post("/api/admin/events",
				"{\"name\":\"" + "n".repeat(201) + "\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}",
				adminToken());
		HttpResponse<String> longPassword = this.api.post("/api/auth/login",
				"{\"email\":\"ada@example.com\",\"password\":\"" + "p".repeat(201) + "\"}", null,
				"X-Forwarded-For", "10.1.0.5");

		assertThat(longName.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(longName).get("detail").asString())
			.isEqualTo("'name' must be 1 to 200 UTF-16 code units long (a character past U+FFFF counts 2).");
		assertThat(longPassword.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(longPassword).get("detail").asString())
			.isEqualTo("'password' must be 1 to 200 UTF-16 code units long (a character past U+FFFF counts 2).");
	}

	@Test
	void keepsAdministrationToAdmins() {
		HttpResponse<String> response = this.api.post("/api/admin/events",
				"{\"name\":\"x\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", newUserToken());

		assertThat(response.statusCode()).isEqualTo(403);
	}

	@Test
	void rejectsAnEventWithoutCapacityOrWithABadDate() {
		HttpResponse<String> noCapacity = this.api.post("/api/admin/events",
				"{\"name\":\"x\",\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}", adminToken());
		HttpResponse<String> badDate = this.api.post("/api/admin/events",
				"{\"name\":\"x\",\"capacity\":5,\"saleOpensAt\":\"tomorrow\"}", adminToken());

		assertThat(noCapacity.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(noCapacity).get("detail").asString()).contains("capacity");
		assertThat(badDate.statusCode()).isEqualTo(400);
		assertThat(ApiClient.json(badDate).get("detail").asString()).contains("saleOpensAt");
	}

	@Test
	void refusesAnEventNameWithABidiOrOtherFormatOrControlCharacterNamingFieldAndCodePoint() {
		String body = "{\"name\":\"%s\",\"capacity\":5,\"saleOpensAt\":\"2026-01-01T00:00:00Z\"}";
		String named = "bidi " + UUID.randomUUID();

		HttpResponse<String> bidi = this.api.post("/api/admin/events", body.formatted(named + "\\u202Eevil"),
				adminToken());
		HttpResponse<String> zeroWidth = this.api.post("/api/admin/events", body.formatted(named + "\u200B"),
				adminToken());
		HttpResponse<String> escape = this.api.post("/api/admin/events", body.formatted(named + "\\u001B[2J"),
				adminToken());
		HttpResponse<String> printable = this.api.post("/api/admin/events",
				body.formatted("Nuit blanche à Zürich 🎟 " + UUID.randomUUID()), adminToken());

		assertThat(ApiClient.json(bidi).get("detail").asString())
			.isEqualTo("'name' must not contain U+202E (Unicode category Cf), a control or format character.");
		assertThat(ApiClient.json(zeroWidth).get("detail").asString()).contains("'name'", "U+200B", "Cf");
		assertThat(ApiClient.json(escape).get("detail").asString()).contains("'name'", "U+001B", "Cc");
		for (HttpResponse<String> refused : List.of(bidi, zeroWidth, escape)) {
			assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
			assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(ApiClient.json(refused).get("type").asString()).endsWith("/problems/invalid-request");
		}
		assertThat(printable.statusCode()).as(printable.body()).isEqualTo(201);
		assertThat(this.jdbc.sql("select count(*) from events where name like ?")
			.param(named + "%")
			.query(Long.class)
			.single()).isZero();
	}

	@Test
	void showsAnEventWithSeatsLeftFromPostgresAndTheGate() {
		long eventId = createOpenEvent(7);

		HttpResponse<String> response = this.api.get("/api/events/" + eventId, null);

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(ApiClient.json(response).get("seatsLeft").asInt()).isEqualTo(7);
		assertThat(ApiClient.json(response).get("gateAvailable").asInt()).isEqualTo(7);
		assertThat(this.api.get("/api/events/abc", null).statusCode()).isEqualTo(400);
	}

	private HttpResponse<String> login(String email, String password, String proxySaw) {
		return this.api.post("/api/auth/login", "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}", null,
				"X-Forwarded-For", proxySaw);
	}

}
