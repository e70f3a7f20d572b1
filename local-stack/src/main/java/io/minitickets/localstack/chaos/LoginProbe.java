package io.minitickets.localstack.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One login attempt with the admin's credentials, to see how api-service answers while a fault lasts.
 */
public final class LoginProbe {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final HttpClient http;

	private final URI login;

	private final String body;

	/**
	 * @param http the run's HTTP client
	 * @param api api-service's base URL
	 * @param email the admin's email (plain: no JSON escaping needed)
	 * @param password the admin's password (URL-safe Base64: no JSON escaping needed)
	 */
	public LoginProbe(HttpClient http, URI api, String email, String password) {
		this.http = http;
		this.login = api.resolve("/api/auth/login");
		this.body = "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}";
	}

	/**
	 * @return the HTTP status of one login (10 s timeout), or 0 when no answer came
	 */
	int status() {
		HttpRequest request = HttpRequest.newBuilder(this.login)
			.timeout(TIMEOUT)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(this.body))
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			return 0;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
	}

}
