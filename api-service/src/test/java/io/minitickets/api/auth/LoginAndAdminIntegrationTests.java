package io.minitickets.api.auth;

import java.net.http.HttpResponse;
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
