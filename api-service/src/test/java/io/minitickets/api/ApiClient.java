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
	 * @param headers name, value pairs; a {@code Content-Type} among them replaces {@code application/json}
	 * @return the response
	 */
	public HttpResponse<String> send(String method, String path, String body, String... headers) {
		return send(method, path, body, body != null && !names(headers, "Content-Type"), headers);
	}

	/**
	 * Sends a request with a body and no {@code Content-Type} header, as {@code curl --data-binary @file -H
	 * 'Content-Type:'} or a hand-written client does.
	 * @param method HTTP method
	 * @param path path from the root
	 * @param body the body
	 * @param headers name, value pairs
	 * @return the response
	 */
	public HttpResponse<String> sendUntyped(String method, String path, String body, String... headers) {
		return send(method, path, body, false, headers);
	}

	private HttpResponse<String> send(String method, String path, String body, boolean json, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.timeout(Duration.ofSeconds(20))
			.method(method, (body != null) ? HttpRequest.BodyPublishers.ofString(body)
					: HttpRequest.BodyPublishers.noBody());
		if (json) {
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
	 * Sends a request over a plain socket, for headers that a well-behaved client refuses to send (non-ASCII bytes).
	 * @param method HTTP method
	 * @param path path from the root
	 * @param body JSON body
	 * @param headers raw header lines, sent as UTF-8
	 * @return the status code and the body
	 */
	public RawResponse sendRaw(String method, String path, String body, String... headers) {
		URI uri = URI.create(this.baseUrl);
		try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
			socket.setSoTimeout(20_000);
			byte[] content = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
			StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " + content.length
					+ "\r\n");
			for (String header : headers) {
				request.append(header).append("\r\n");
			}
			request.append("\r\n");
			socket.getOutputStream().write(request.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
			socket.getOutputStream().write(content);
			String response = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
			int status = Integer.parseInt(response.substring(9, 12));
			int bodyStart = response.indexOf("\r\n\r\n") + 4;
			return new RawResponse(status, response.substring(0, bodyStart), response.substring(bodyStart));
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(method + " " + path + " failed", ex);
		}
	}

	/**
	 * Sends a request written out in full over a plain socket, for requests a client library will not send.
	 * @param request the request line, headers and body, one byte per char (ISO-8859-1)
	 * @return the whole response as sent, one char per byte
	 */
	public String sendBytes(String request) {
		URI uri = URI.create(this.baseUrl);
		try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
			socket.setSoTimeout(20_000);
			socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
			socket.getOutputStream().flush();
			return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(request.lines().findFirst().orElse(""), ex);
		}
	}

	/**
	 * A response read from a raw socket.
	 *
	 * @param status the status code
	 * @param head the status line and headers
	 * @param body the body (chunked framing left in)
	 */
	public record RawResponse(int status, String head, String body) {
	}

	/**
	 * @param response a response with a JSON body
	 * @return the parsed body
	 */
	public static JsonNode json(HttpResponse<String> response) {
		return JSON.readTree(response.body());
	}

	private static boolean names(String[] headers, String name) {
		for (int i = 0; i < headers.length; i += 2) {
			if (headers[i].equalsIgnoreCase(name)) {
				return true;
			}
		}
		return false;
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
