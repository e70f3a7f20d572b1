package io.minitickets.loadtests.bench;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import io.minitickets.loadtests.demo.GateOffApi;
import io.minitickets.loadtests.demo.RunOutcome;
import io.minitickets.loadtests.demo.RunReport;
import io.minitickets.loadtests.demo.SaleDayRun;
import io.minitickets.loadtests.demo.Scenario;

/**
 * {@code gate}: the demo's sale at 10,000 requests from 1,000 users for 100 seats (scaled by {@code --scale}), with
 * the inventory gate on (the stack's api-service) and off (a second api-service), each after a discarded warm-up sale:
 * how many bookings reach Postgres, and how long until every request is final (answered 409, or answered 202 and
 * seen settled by its owner). The demo's own driver, settlement wait and verifier.
 */
public final class GateFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "gate";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchOptions options = context.options();
		Scenario scenario = new Scenario(options.scaled(100), options.scaled(1_000), options.scaled(10_000));
		BenchStack stack = context.stack();
		SaleDayRun sale = new SaleDayRun(scenario, stack.session().state(), System.out);
		List<String> breaches = new ArrayList<>();
		RunReport on = measured(context, sale, true, stack.api(), breaches);
		URI gateOffApi = GateOffApi.start(stack.session(), System.out);
		RunReport off;
		try {
			off = measured(context, sale, false, gateOffApi, breaches);
		}
		finally {
			GateOffApi.stop(stack.session(), System.out);
		}
		Figures figures = new Figures(scenario.requests(), scenario.users(), scenario.seats(),
				on.bookingsReachingPostgres(), off.bookingsReachingPostgres(), on.allFinalMs(), off.allFinalMs(),
				on.postgresTransactions(), off.postgresTransactions(), on.throughputRps(), off.throughputRps());
		return new Measured(figures,
				List.of(Bar.ratioAtLeast(String.format("gate: bookings reaching Postgres, off/on (%d/%d)",
						figures.offReachingPostgres(), figures.onReachingPostgres()),
						(double) figures.offReachingPostgres() / Math.max(1, figures.onReachingPostgres()), 10),
						Bar.ratioAtLeast(String.format("gate: ms until all final, off/on (%d/%d)",
								figures.offAllFinalMs(), figures.onAllFinalMs()),
								(double) figures.offAllFinalMs() / Math.max(1, figures.onAllFinalMs()), 2)),
				breaches);
	}

	private static RunReport measured(BenchContext context, SaleDayRun sale, boolean gate, URI api,
			List<String> breaches) {
		String label = gate ? "gate on" : "gate off";
		context.progress("gate: warm-up sale, %s (discarded)...", label);
		sale.run(gate, api).failures().forEach((failure) -> breaches.add("gate warm-up: " + failure));
		context.progress("gate: measured sale, %s...", label);
		RunOutcome outcome = sale.run(gate, api);
		outcome.failures().forEach((failure) -> breaches.add("gate: " + failure));
		return outcome.report();
	}

	/**
	 * The gate figure's figures.
	 *
	 * @param requests booking requests per sale
	 * @param users users per sale
	 * @param seats the event's seats
	 * @param onReachingPostgres bookings that reached Postgres with the gate
	 * @param offReachingPostgres bookings that reached Postgres without it
	 * @param onAllFinalMs with the gate, from the requests' release until every request was final, in ms
	 * @param offAllFinalMs the same without the gate, in ms
	 * @param onPostgresTransactions Postgres transactions that settled the bookings, with the gate
	 * @param offPostgresTransactions the same without it
	 * @param onRps requests per second with the gate, from release to the last answer
	 * @param offRps the same without it
	 */
	public record Figures(int requests, int users, int seats, int onReachingPostgres, int offReachingPostgres,
			long onAllFinalMs, long offAllFinalMs, int onPostgresTransactions, int offPostgresTransactions,
			double onRps, double offRps) {

	}

}
