package io.minitickets.loadtests.bench.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * Encodes the requests the generator sends, once, as HTTP/1.1 bytes.
 */
public final class HttpRequests {

	private HttpRequests() {
	}

	/**
	 * @param base the server's base URL (host and port)
	 * @param path the path, for example {@code /ceiling}
	 * @return a keep-alive GET
	 */
	public static byte[] get(URI base, String path) {
		return encode("GET " + path + " HTTP/1.1\r\nHost: " + base.getAuthority() + "\r\nAccept: */*\r\n\r\n");
	}

	/**
	 * @param base the server's base URL (host and port)
	 * @param path the path
	 * @param token a Bearer token, or null for none
	 * @param json the body
	 * @return a keep-alive POST of JSON
	 */
	public static byte[] post(URI base, String path, @Nullable String token, String json) {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		String authorization = (token != null) ? "Authorization: Bearer " + token + "\r\n" : "";
		return encode("POST " + path + " HTTP/1.1\r\nHost: " + base.getAuthority() + "\r\nAccept: application/json\r\n"
				+ authorization + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n"
				+ json);
	}

	private static byte[] encode(String request) {
		return request.getBytes(StandardCharsets.UTF_8);
	}

}
