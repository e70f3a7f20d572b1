package io.minitickets.loadtests.load;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.minitickets.loadtests.client.StackSession;
import io.minitickets.loadtests.report.JsonFiles;
import io.minitickets.localstack.stack.StateDirectoryOption;

/**
 * {@code minitickets load SIMULATION}: one Gatling simulation against the local stack (started when none is up,
 * stopped again at the end), then the verifier. Prints Gatling's summary, then a table of the answers and the
 * verifier's figures, then where the HTML report is.
 */
@Command(name = "load", mixinStandardHelpOptions = true,
		description = "Run a Gatling simulation (SaleDay, Scalper, SoldOutStampede, PollStorm, StreamingSale, PaidSale, "
				+ "WaitingRoomRush) against the local stack, then verify Postgres, Valkey and Kafka. Exit code 1 on any "
				+ "breach or failed expectation.")
public final class LoadCommand implements Callable<Integer> {

	/** PaidSale's hold and offer windows unless {@code --hold-seconds} says otherwise. */
	static final int DEFAULT_HOLD_SECONDS = 20;

	@Mixin
	private StateDirectoryOption state = new StateDirectoryOption();

	@Parameters(index = "0", paramLabel = "SIMULATION",
			description = "SaleDay, Scalper, SoldOutStampede, PollStorm, StreamingSale, PaidSale or WaitingRoomRush.")
	private String simulation = "";

	@Option(names = "--users", description = "Users created for the run (default: the simulation's; Scalper: "
			+ "always 1 scalper + 5 shoppers).")
	private @Nullable Integer users;

	@Option(names = "--rate", description = "Peak arrival rate, users per second (default: the simulation's).")
	private @Nullable Double rate;

	@Option(names = "--duration", description = "Injection length in seconds (default: the simulation's; "
			+ "Scalper 10).")
	private @Nullable Integer duration;

	@Option(names = "--hold-seconds", paramLabel = "S", description = "PaidSale: the event's hold and offer "
			+ "windows, 5 to 86400 seconds (default: ${DEFAULT-VALUE}).")
	private int holdSeconds = DEFAULT_HOLD_SECONDS;

	@Option(names = "--base-url", paramLabel = "URL", description = "api-service to load (default: the local "
			+ "stack's); users, the event and the verifier still use the local stack's database, Valkey and broker.")
	private @Nullable URI baseUrl;

	@Option(names = "--json", paramLabel = "FILE", description = "Also write the report to FILE as JSON.")
	private @Nullable Path json;

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		Simulations chosen;
		try {
			chosen = Simulations.named(this.simulation);
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(this.spec.commandLine(), ex.getMessage());
		}
		int userCount = (chosen == Simulations.SCALPER || this.users == null) ? chosen.defaultUsers() : this.users;
		double peak = (this.rate != null) ? this.rate : chosen.defaultRate();
		Duration length = (this.duration != null) ? Duration.ofSeconds(this.duration) : chosen.defaultDuration();
		if (userCount < 1 || peak < 0 || length.toSeconds() < 1 || (chosen != Simulations.SCALPER && peak <= 0)) {
			throw new ParameterException(this.spec.commandLine(),
					"--users and --duration must be at least 1 and --rate above 0");
		}
		if (chosen == Simulations.WAITING_ROOM_RUSH && userCount < chosen.seats(peak, length)) {
			throw new ParameterException(this.spec.commandLine(), "WaitingRoomRush: --users must be at least --rate "
					+ "× --duration (" + chosen.seats(peak, length) + "): every arrival is another account");
		}
		if (this.holdSeconds < 5 || this.holdSeconds > 86_400) {
			throw new ParameterException(this.spec.commandLine(), "--hold-seconds must be from 5 to 86400");
		}
		LoadReport report;
		try (StackSession session = StackSession.open(this.state.resolve(), "load", System.out)) {
			URI api = (this.baseUrl != null) ? this.baseUrl : session.healthyApi();
			report = new LoadRun(session.state(), StateDirectoryOption.checkout().resolve("load-tests/target/gatling"),
					System.out)
				.run(chosen, api, userCount, peak, length, this.holdSeconds);
		}
		System.out.println();
		System.out.print(report.table());
		if (report.report() != null) {
			System.out.println("HTML report: " + report.report());
		}
		if (this.json != null) {
			JsonFiles.write(report, this.json);
			System.out.println("Wrote " + this.json);
		}
		report.failures().forEach((failure) -> System.out.println("FAILED: " + failure));
		System.out.println(report.passed() ? "Verified: no breach." : "Breaches: see above.");
		return report.passed() ? 0 : 1;
	}

}
