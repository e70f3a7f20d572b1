package io.minitickets.api.security;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.minitickets.api.ApiIntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Answers given before Spring Security's filter chain runs (by this service's request filters, the booking route's
 * own early checks, or Tomcat itself) carry the same security headers as the chain's answers, and a problem+json
 * body. The requests go over a plain socket, byte for byte (one byte per char).
 */
class SecurityHeadersOnEveryAnswerIntegrationTests extends ApiIntegrationTest {

	private static final Set<String> SECURITY_HEADERS = Set.of("x-content-type-options", "x-xss-protection",
			"cache-control", "pragma", "expires", "x-frame-options", "strict-transport-security");

	@LocalServerPort
	private int port;

	@Test
	void givesEveryAnswerRefusedBeforeTheChainItsSecurityHeaders() {
		String token = newUserToken();
		String booking = "/api/events/" + createOpenEvent(3) + "/bookings";
		Map<String, String> expected = securityHeaders(send(get("/api/bookings", "Authorization: Bearer " + token)));
		assertThat(expected).containsKeys("x-content-type-options", "cache-control", "x-frame-options");

		Map<String, String> refusals = new TreeMap<>();
		for (String path : new String[] { booking, "/api/admin/events" }) {
			refusals.put("two Authorization headers " + path, post(path, "{}", "Authorization: Bearer " + token,
					"Authorization: Bearer " + token));
			refusals.put("413 declared " + path, "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
					+ "Content-Type: application/json\r\nContent-Length: 99999\r\nAuthorization: Bearer " + token
					+ "\r\n\r\n");
			refusals.put("415 encoded " + path, post(path, "{}", "Authorization: Bearer " + token,
					"Content-Encoding: gzip"));
			refusals.put("bad header bytes " + path, post(path, "{}", "Authorization: Bearer " + token,
					"X-Forwarded-For: 10.0.0.1\u00c0\u00af"));
		}
		refusals.put("Tomcat: a control character in a header", get("/api/events", "X-Note: a\u0001b"));
		refusals.put("Tomcat: header fields too large", get("/api/events", "X-Note: " + "n".repeat(20_000)));
		refusals.put("Tomcat: an encoded NUL in the path", get("/api/events/%00", ""));
		refusals.put("not UTF-8: a C1 control's byte in Authorization",
				get("/api/bookings", "Authorization: Bearer a\u0085b"));
		refusals.put("firewall: a C1 control's byte in a header it reads", get("/api/events", "Accept: a\u0085b"));
		refusals.put("Tomcat: no Host header", "GET /api/events HTTP/1.1\r\nConnection: close\r\n\r\n");

		refusals.forEach((what, request) -> {
			String response = send(request);
			assertThat(response).as(what).startsWith("HTTP/1.1 4").contains("\r\nContent-Type: application/problem+json");
			assertThat(securityHeaders(response)).as(what + ":\n" + response).isEqualTo(expected);
		});
	}

	private static String get(String path, String header) {
		return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
				+ (header.isEmpty() ? "" : header + "\r\n") + "\r\n";
	}

	private static String post(String path, String body, String... headers) {
		return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
				+ "Content-Length: " + body.length() + "\r\n" + String.join("\r\n", headers) + "\r\n\r\n" + body;
	}

	private String send(String request) {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			OutputStream out = socket.getOutputStream();
			out.write(request.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			// the body ends here, whatever Content-Length said: a 413 is then sent at once, not after a wait for it
			socket.shutdownOutput();
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
		}
		catch (IOException ex) {
			throw new IllegalStateException(request.lines().findFirst().orElse(""), ex);
		}
	}

	private static Map<String, String> securityHeaders(String response) {
		Map<String, String> found = new TreeMap<>();
		response.substring(0, response.indexOf("\r\n\r\n")).lines().skip(1).forEach((line) -> {
			String name = line.substring(0, line.indexOf(':')).toLowerCase();
			if (SECURITY_HEADERS.contains(name)) {
				found.put(name, line.substring(line.indexOf(':') + 1).strip());
			}
		});
		return found;
	}

}
