package io.minitickets.loadtests.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.stack.StackException;

/**
 * {@code stampede}: bookings on a sold-out event (limiter + gate, answered 409), against the stack's api-service.
 * Throughput and api-service's CPU per request at saturation, then p99 latency in the open model at half the measured
 * throughput, from each request's due time.
 */
public final class StampedeFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "stampede";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchStack stack = context.stack();
		List<LoadUser> users = stack.users(context.options().users());
		long eventId = stack.createEvent("sold out", 1);
		sellOut(stack, eventId, users.getFirst());
		Bookings bookings = new Bookings(stack.api(), eventId, users.subList(1, users.size()));
		try (LoadGenerator generator = new LoadGenerator(stack.api(), context.options().connections())) {
			Saturation saturation = Saturation.measure(context, NAME, generator, bookings, stack.apiCpu());
			double rate = Math.max(1, Math.floor(saturation.run().requestsPerSecond() / 2));
			context.progress("%s: open model at %.0f req/s for %d s...", NAME, rate,
					context.options().window().toSeconds());
			LoadRun open = generator.open(bookings, rate, context.options().window(), ResponseSink.IGNORE);
			LoadRun closed = saturation.run();
			Figures figures = new Figures(CeilingFigure.round(closed.requestsPerSecond()),
					CeilingFigure.round(closed.latencyMs(99)), CeilingFigure.round(closed.latencyMs(50)),
					CeilingFigure.round(saturation.cpuMicrosPerRequest()), rate, CeilingFigure.round(open.latencyMs(99)),
					CeilingFigure.round(open.latencyMs(50)), users.size(), closed.count(429) + open.count(429),
					closed.unexpected(409) + open.unexpected(409));
			List<Bar> bars = new ArrayList<>();
			bars.add(Ceilings.share(context, "stampede req/s", figures.rps(), 0.25));
			bars.add(Bar.atMost("stampede api-service CPU µs/request", figures.apiCpuMicrosPerRequest(), "%.0f", 100));
			bars.add(Bar.atMost("stampede p99 ms, open model at " + Math.round(rate) + " req/s",
					figures.openModelP99Ms(), "%.1f", 20));
			bars.add(Bar.report("stampede p99 ms, closed model", String.format("%.1f", figures.p99Ms())));
			if (figures.unexpected() > 0) {
				bars.add(Bar.report("stampede answers other than 409", Long.toString(figures.unexpected())));
			}
			return new Measured(figures, bars, List.of());
		}
	}

	private static void sellOut(BenchStack stack, long eventId, LoadUser buyer) {
		try {
			ApiResponse response = stack.client().book(buyer.token(), eventId, 1);
			if (response.status() != 202) {
				throw new StackException("Booking the sold-out event's only seat answered " + response.status() + ": "
						+ response.body());
			}
		}
		catch (IOException ex) {
			throw new StackException("Cannot book the sold-out event's only seat: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while selling the event out", ex);
		}
	}

	/**
	 * The stampede's figures.
	 *
	 * @param rps requests answered per second at saturation (closed model)
	 * @param p99Ms 99th percentile latency at saturation, in ms
	 * @param p50Ms median latency at saturation, in ms
	 * @param apiCpuMicrosPerRequest api-service's CPU time per request at saturation, in µs
	 * @param openModelRate the open model's arrival rate, half of {@code rps}, in requests per second
	 * @param openModelP99Ms 99th percentile latency at that rate, from each request's due time, in ms
	 * @param openModelP50Ms median latency at that rate, in ms
	 * @param users users the requests were spread over
	 * @param rateLimited answers 429 (the limiter refused a user: too few users for the rate)
	 * @param unexpected answers other than 409, lost requests included
	 */
	public record Figures(double rps, double p99Ms, double p50Ms, double apiCpuMicrosPerRequest, double openModelRate,
			double openModelP99Ms, double openModelP50Ms, int users, long rateLimited, long unexpected) {

	}

}
