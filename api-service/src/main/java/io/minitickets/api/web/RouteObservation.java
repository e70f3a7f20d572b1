package io.minitickets.api.web;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * What Spring MVC's {@code http.server.requests} observation recorded for each request of a route that answers ahead
 * of it (the booking route, a place's position read), recorded directly:
 * its timer (tags {@code method}, {@code uri}, {@code status}, {@code outcome}, {@code exception}, {@code error}, the
 * same keys as every other request's, so the Prometheus scrape and the sale-day board read it as before) and a server
 * span continued from the request's W3C {@code traceparent}, in scope while the request is answered, so that log
 * lines carry its trace id (and a booking's Kafka record its {@code traceparent}). Timers are built once per method and status and kept; a
 * request builds no tags (issue 8: the observation's tag building and meter lookups were a share of every booking's
 * CPU). A request whose client went away before its body was read was answered nothing: it is recorded with status
 * and outcome {@code UNKNOWN}, as Spring's observation tags a request whose connection was aborted, never as the 200 a
 * response holds before anything is set.
 */
public class RouteObservation {

	private static final String NAME = "http.server.requests";

	/** The route's URI template, as the {@code uri} tag holds it. */
	private final String uri;

	private final String spanName;

	private final MeterRegistry registry;

	private final Tracer tracer;

	private final Propagator propagator;

	/** What a request that was never answered has as its status and outcome. */
	public static final String UNKNOWN = "UNKNOWN";

	/**
	 * The timers of requests that ended without an unexpected exception, by method (those the route serves) and
	 * status (built on first use).
	 */
	private final Map<String, AtomicReferenceArray<@Nullable Timer>> byMethodAndStatus;

	/** The timers of requests that ended with one, by status and exception. */
	private final ConcurrentMap<String, Timer> failed = new ConcurrentHashMap<>();

	/**
	 * @param registry where the timers are registered
	 * @param tracer the service's tracer ({@link Tracer#NOOP} when tracing is off)
	 * @param propagator reads {@code traceparent} ({@link Propagator#NOOP} when tracing is off)
	 * @param uri the route's URI template ({@code /api/events/{eventId}/bookings}), the {@code uri} tag
	 * @param spanMethod the method its spans are named by ({@code http post /api/events/{eventId}/bookings})
	 * @param methods the methods the route serves, each the {@code method} tag of its requests
	 */
	public RouteObservation(MeterRegistry registry, Tracer tracer, Propagator propagator, String uri,
			String spanMethod, Set<String> methods) {
		this.uri = uri;
		this.spanName = "http " + spanMethod.toLowerCase(Locale.ROOT) + " " + uri;
		this.registry = registry;
		this.tracer = tracer;
		this.propagator = propagator;
		this.byMethodAndStatus = methods.stream()
			.collect(Collectors.toUnmodifiableMap(Function.identity(), (method) -> new AtomicReferenceArray<>(600)));
	}

	/**
	 * Starts the request's server span, a child of the trace its {@code traceparent} names, else a new trace.
	 * @param request the request
	 * @return the span, to put in scope and then to {@link #stop}
	 */
	public Span start(HttpServletRequest request) {
		return this.propagator.extract(request, HttpServletRequest::getHeader)
			.kind(Span.Kind.SERVER)
			.name(this.spanName)
			.start();
	}

	/**
	 * @return the route's URI template, the {@code uri} tag of its timers
	 */
	public String uri() {
		return this.uri;
	}

	/**
	 * @param span the span to put in scope
	 * @return the scope to close when the request is answered
	 */
	public Tracer.SpanInScope scope(Span span) {
		return this.tracer.withSpan(span);
	}

	/**
	 * Ends the span and records the request in its timer.
	 * @param span the request's span
	 * @param startNanos {@link System#nanoTime()} when the request reached the route
	 * @param method the request's method, one of those given to the constructor
	 * @param status the status answered
	 * @param failure an unexpected exception the request ended with, or null
	 */
	public void stop(Span span, long startNanos, String method, int status, @Nullable Throwable failure) {
		Timer timer = (failure != null)
				? this.failed.computeIfAbsent(method + status + failure.getClass().getSimpleName(),
						(key) -> timer(method, Integer.toString(status), outcome(status),
								failure.getClass().getSimpleName()))
				: timer(method, status);
		timer.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
		end(span, method, Integer.toString(status), failure);
	}

	/**
	 * Ends the span and records a request whose client went away before it could be answered (status and outcome
	 * {@code UNKNOWN}, the exception that said so).
	 * @param span the request's span
	 * @param startNanos {@link System#nanoTime()} when the request reached the route
	 * @param method the request's method
	 * @param abort what reading the request threw
	 */
	public void aborted(Span span, long startNanos, String method, Throwable abort) {
		String exception = abort.getClass().getSimpleName();
		this.failed.computeIfAbsent(method + UNKNOWN + exception,
				(key) -> timer(method, UNKNOWN, UNKNOWN, exception))
			.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
		end(span, method, UNKNOWN, abort);
	}

	private void end(Span span, String method, String status, @Nullable Throwable failure) {
		if (!span.isNoop()) {
			span.tag("method", method).tag("uri", this.uri).tag("status", status);
			if (failure != null) {
				span.error(failure);
			}
		}
		span.end();
	}

	private Timer timer(String method, int status) {
		AtomicReferenceArray<@Nullable Timer> byStatus = this.byMethodAndStatus.get(method);
		Timer timer = byStatus.get(status);
		if (timer == null) {
			// Two requests may build it at once: the registry gives both the same timer.
			timer = timer(method, Integer.toString(status), outcome(status), "none");
			byStatus.set(status, timer);
		}
		return timer;
	}

	private Timer timer(String method, String status, String outcome, String exception) {
		return Timer.builder(NAME)
			.tags(Tags.of("method", method, "uri", this.uri, "status", status, "outcome", outcome, "exception", exception,
					"error", exception))
			.register(this.registry);
	}

	private static String outcome(int status) {
		return switch (status / 100) {
			case 1 -> "INFORMATIONAL";
			case 2 -> "SUCCESS";
			case 3 -> "REDIRECTION";
			case 4 -> "CLIENT_ERROR";
			default -> "SERVER_ERROR";
		};
	}

}
