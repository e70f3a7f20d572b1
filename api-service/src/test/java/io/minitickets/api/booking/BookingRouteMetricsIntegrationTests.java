package io.minitickets.api.booking;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.api.web.RouteObservation;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The booking route's {@code http.server.requests} timers say what happened: the method each request came with, and
 * nothing answered (status and outcome {@code UNKNOWN}) when the client went away before its body arrived.
 */
class BookingRouteMetricsIntegrationTests extends ApiIntegrationTest {

	private static final String UNKNOWN = RouteObservation.UNKNOWN;

	@Autowired
	private MeterRegistry registry;

	@LocalServerPort
	private int port;

	@Test
	void recordsEachRequestUnderItsOwnMethod() {
		String path = "/api/events/" + createOpenEvent(2) + "/bookings";
		String token = newUserToken();
		long deletesBefore = count("DELETE", "405");
		long optionsBefore = count("OPTIONS", "200");

		HttpResponse<String> delete = this.api.send("DELETE", path, null, "Authorization", "Bearer " + token);
		HttpResponse<String> options = this.api.send("OPTIONS", path, null, "Authorization", "Bearer " + token);

		assertThat(delete.statusCode()).isEqualTo(405);
		assertThat(options.statusCode()).isEqualTo(200);
		assertThat(count("DELETE", "405")).isEqualTo(deletesBefore + 1);
		assertThat(count("OPTIONS", "200")).isEqualTo(optionsBefore + 1);
	}

	@Test
	void recordsAClientThatLeftWhileSendingItsBodyAsAnsweredNothing() throws IOException {
		long eventId = createOpenEvent(2);
		long okBefore = count("POST", "200");
		long unknownBefore = count("POST", UNKNOWN);

		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(20_000);
			OutputStream out = socket.getOutputStream();
			out.write(("POST /api/events/" + eventId + "/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "Content-Type: application/json\r\nContent-Length: 100\r\nAuthorization: Bearer "
					+ newUserToken() + "\r\n\r\n{\"quantity\":").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			socket.shutdownOutput();
			socket.getInputStream().readAllBytes();
		}

		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(count("POST", UNKNOWN)).isEqualTo(unknownBefore + 1));
		Timer aborted = this.registry.find("http.server.requests")
			.tags("uri", BookingRoute.URI, "method", "POST", "status", UNKNOWN)
			.timer();
		assertThat(aborted.getId().getTag("outcome")).isEqualTo("UNKNOWN");
		assertThat(count("POST", "200")).isEqualTo(okBefore);
		assertThat(this.api.get("/api/events/" + eventId, null).body()).contains("\"gateAvailable\":2");
	}

	private long count(String method, String status) {
		return this.registry.find("http.server.requests")
			.tags("uri", BookingRoute.URI, "method", method, "status", status)
			.timers()
			.stream()
			.mapToLong(Timer::count)
			.sum();
	}

}
