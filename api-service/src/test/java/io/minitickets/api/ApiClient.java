package io.minitickets.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small HTTP client for tests against the running api-service.
 */
public final class ApiClient {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String baseUrl;

	/**
	 * @param port the API's port on 127.0.0.1
	 */
	public ApiClient(int port) {
		this.baseUrl = "http://127.0.0.1:" + port;
	}

	/**
	 * Sends a request.
	 * @param method HTTP method
	 * @param path path from the root
	 * @param body JSON body, or null for none
	 * @param headers name, value pairs
	 * @return the response
	 */
	public HttpResponse<String> send(String method, String path, String body, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.timeout(Duration.ofSeconds(20))
			.method(method, (body != null) ? HttpRequest.BodyPublishers.ofString(body)
					: HttpRequest.BodyPublishers.noBody());
		if (body != null) {
			request.header("Content-Type", "application/json");
		}
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		try {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (Exception ex) {
			throw new IllegalStateException(method + " " + path + " failed", ex);
		}
	}

	/**
	 * @param path path
	 * @param body JSON
	 * @param token Bearer token, or null
	 * @param headers extra name, value pairs
	 * @return the response
	 */
	public HttpResponse<String> post(String path, String body, String token, String... headers) {
		return send("POST", path, body, withToken(token, headers));
	}

	/**
	 * @param path path
	 * @param token Bearer token, or null
	 * @return the response
	 */
	public HttpResponse<String> get(String path, String token) {
		return send("GET", path, null, withToken(token));
	}

	/**
	 * @param response a response with a JSON body
	 * @return the parsed body
	 */
	public static JsonNode json(HttpResponse<String> response) {
		return JSON.readTree(response.body());
	}

	private static String[] withToken(String token, String... headers) {
		if (token == null) {
			return headers;
		}
		String[] all = new String[headers.length + 2];
		all[0] = "Authorization";
		all[1] = "Bearer " + token;
		System.arraycopy(headers, 0, all, 2, headers.length);
		return all;
	}

}
