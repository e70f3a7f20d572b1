package io.minitickets.api.booking;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.api.ApiClient;
import io.minitickets.api.ApiIntegrationTest;
import io.minitickets.core.status.BookingStatusCache;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A status stream is opened, written and closed by the stream route ahead of the servlet filter chain: neither its
 * request nor, once it ends, an async dispatch of it reaches the filters behind the route (Spring's request
 * observation, Spring Security's chain, the service's filters, Spring MVC), while a refusal still answers as they did.
 */
@Import(StreamsAheadOfTheFilterChainIntegrationTests.Dispatches.class)
class StreamsAheadOfTheFilterChainIntegrationTests extends ApiIntegrationTest {

	private final HttpClient http = HttpClient.newHttpClient();

	@Autowired
	private BookingStatusCache cache;

	@Autowired
	private CountingFilter behindTheRoute;

	@LocalServerPort
	private int port;

	@Test
	void aStreamToItsFinalStatusNeverReachesTheFilterChain() throws Exception {
		long userId = Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1;
		String token = mint(userId);
		long eventId = createOpenEvent(5);
		HttpResponse<String> booked = this.api.post("/api/events/" + eventId + "/bookings", "{\"quantity\":1}",
				token);
		UUID bookingId = UUID.fromString(ApiClient.json(booked).get("bookingId").asString());

		try (SseStream stream = SseStream.open(this.http, this.port, bookingId, token, null)) {
			assertThat(stream.nextEvent().status()).isEqualTo("PENDING");
			new SettlingWorker(this.jdbc, this.cache, kafkaBootstrapServers()).confirm(eventId, bookingId, userId,
					true);
			List<SseStream.Event> rest = stream.remainingEvents();
			assertThat(rest).isNotEmpty();
			assertThat(rest.get(rest.size() - 1).status()).isEqualTo("CONFIRMED");
		}
		HttpResponse<String> someoneElse = this.api.send("GET", "/api/bookings/" + bookingId + "/events", null,
				"Authorization", "Bearer " + mint(userId + 1), "Accept", "text/event-stream");
		assertThat(someoneElse.statusCode()).isEqualTo(404);

		assertThat(this.behindTheRoute.streamDispatches.get())
			.as("requests and async dispatches of streams that reached the filters behind the route")
			.isZero();
	}

	@Test
	void anotherMethodOnAStreamsPathIsAnsweredAsSpringMvcDid() throws Exception {
		String token = mint(Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) + 1);
		String bookingStream = "/api/bookings/" + UUID.randomUUID() + "/events";
		String placeStream = "/api/events/1/queue/" + UUID.randomUUID() + "/events";

		HttpResponse<String> post = this.api.send("POST", bookingStream, null, "Authorization", "Bearer " + token);
		assertThat(post.statusCode()).isEqualTo(405);
		assertThat(post.headers().firstValue("Allow")).hasValue("GET");
		assertThat(post.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(ApiClient.json(post).get("detail").asString()).isEqualTo("Method 'POST' is not supported.");
		assertThat(this.api.send("DELETE", placeStream, null, "Authorization", "Bearer " + token).statusCode())
			.isEqualTo(405);
		HttpResponse<String> options = this.api.send("OPTIONS", bookingStream, null, "Authorization",
				"Bearer " + token);
		assertThat(options.statusCode()).isEqualTo(200);
		assertThat(options.headers().firstValue("Allow")).hasValue("GET,OPTIONS");
		assertThat(this.api.send("POST", bookingStream, null).statusCode()).as("no Bearer token").isEqualTo(401);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Dispatches {

		@Bean
		CountingFilter countingFilter() {
			return new CountingFilter();
		}

		@Bean
		FilterRegistrationBean<CountingFilter> countingFilterRegistration(CountingFilter filter) {
			FilterRegistrationBean<CountingFilter> registration = new FilterRegistrationBean<>(filter);
			registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
			registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
			registration.addUrlPatterns("/api/bookings/*");
			return registration;
		}

	}

	/** Counts the dispatches of stream requests that reach it, right behind the stream route. */
	static class CountingFilter extends HttpFilter {

		final AtomicInteger streamDispatches = new AtomicInteger();

		@Override
		protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws IOException, ServletException {
			if (request.getRequestURI().endsWith("/events")) {
				this.streamDispatches.incrementAndGet();
			}
			chain.doFilter(request, response);
		}

	}

}
