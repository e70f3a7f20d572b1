package io.minitickets.ops.status;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The services' actuator health, when their URLs are known ({@code minitickets.ops.health-urls}).
 */
final class ServiceHealth {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private ServiceHealth() {
	}

	/**
	 * @param urls comma-separated {@code name=url} pairs; empty for none
	 * @return each service's state, in the order given
	 */
	static List<Row> check(String urls) {
		List<Row> rows = new ArrayList<>();
		if (urls.isBlank()) {
			return rows;
		}
		try (HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
			for (String pair : urls.split(",")) {
				int equals = pair.indexOf('=');
				if (equals < 1) {
					continue;
				}
				String name = pair.substring(0, equals).trim();
				String url = pair.substring(equals + 1).trim();
				rows.add(new Row(name, url, state(client, url)));
			}
		}
		return rows;
	}

	private static String state(HttpClient client, String url) {
		try {
			HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).build(),
					HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200 && response.body().contains("\"UP\"")) ? "UP"
					: "DOWN (" + response.statusCode() + ")";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "UNKNOWN (interrupted)";
		}
		catch (Exception ex) {
			return "UNREACHABLE (" + ex.getClass().getSimpleName() + ")";
		}
	}

	/**
	 * @param name the service
	 * @param url its health URL
	 * @param state UP, DOWN (status), UNREACHABLE (why)
	 */
	record Row(String name, String url, String state) {

		boolean up() {
			return this.state.equals("UP");
		}

	}

}
