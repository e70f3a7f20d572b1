package io.minitickets.loadtests.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.minitickets.loadtests.bench.http.HttpRequests;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.localstack.stack.FreePorts;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.ProcessKind;
import io.minitickets.localstack.stack.ProcessLauncher;
import io.minitickets.localstack.stack.ProcessStopper;
import io.minitickets.localstack.stack.Readiness;
import io.minitickets.localstack.stack.StackException;
import io.minitickets.localstack.stack.StateDirectoryOption;

/**
 * {@code ceiling}: what Tomcat and Spring MVC alone serve on this machine. Starts bench-ceiling's jar as its own
 * process, as the stack starts api-service ({@code java -jar}, the same JDK, no other flags, the same server
 * settings), drives {@code GET /ceiling} at saturation with the same generator and connections as the product
 * figures, then in the open model at half the measured throughput (the stampede's latency bar's rate rule, applied to
 * the trivial endpoint: what this machine's p99 is when the server is no limit), and stops it.
 */
public final class CeilingFigure implements Figure {

	/** The figure's name. */
	public static final String NAME = "ceiling";

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Measured measure(BenchContext context) {
		Path jar = StateDirectoryOption.checkout().resolve("bench-ceiling/target/bench-ceiling-exec.jar");
		if (!Files.isRegularFile(jar)) {
			throw new StackException(jar + " is not built; build with ./mvnw -B -DskipTests package");
		}
		int port = FreePorts.allocate();
		URI url = URI.create("http://127.0.0.1:" + port);
		context.progress("ceiling: starting bench-ceiling on %s...", url);
		ManagedProcess ceiling = new ProcessLauncher(StateDirectoryOption.checkout()).start("bench-ceiling",
				ProcessKind.SERVICE, List.of(ProcessLauncher.java(), "-jar", jar.toString()),
				Map.of("SERVER_ADDRESS", "127.0.0.1", "SERVER_PORT", Integer.toString(port)),
				context.logDirectory().resolve("bench-ceiling.log"), url.toString(), null);
		try (LoadGenerator generator = new LoadGenerator(url, context.options().connections())) {
			Readiness.await(ceiling, READY_TIMEOUT, () -> answers(url));
			byte[] request = HttpRequests.get(url, "/ceiling");
			Saturation saturation = Saturation.measure(context, "ceiling", generator, (index) -> request,
					new CpuClock(ceiling.pid()));
			double rate = Math.max(1, Math.floor(saturation.run().requestsPerSecond() / 2));
			context.progress("ceiling: open model at %.0f req/s for %d s...", rate,
					context.options().window().toSeconds());
			LoadRun open = generator.open((index) -> request, rate, context.options().window(), ResponseSink.IGNORE);
			Figures figures = new Figures(round(saturation.run().requestsPerSecond()),
					round(saturation.run().latencyMs(99)), round(saturation.run().latencyMs(50)),
					round(saturation.cpuMicrosPerRequest()), rate, round(open.latencyMs(99)),
					saturation.run().unexpected(200) + open.unexpected(200));
			return Measured.of(figures, Bar.report("ceiling req/s", String.format("%,.0f", figures.rps())),
					Bar.report("ceiling p99 ms (closed model)", String.format("%.1f", figures.p99Ms())),
					Bar.report("ceiling p99 ms, open model at " + Math.round(rate) + " req/s",
							String.format("%.1f", figures.openModelP99Ms())),
					Bar.report("ceiling CPU µs/request", String.format("%.0f", figures.cpuMicrosPerRequest())));
		}
		finally {
			ProcessStopper.stop(ceiling, Duration.ofSeconds(10));
		}
	}

	private static boolean answers(URI url) {
		try (HttpClient http = HttpClient.newHttpClient()) {
			HttpRequest request = HttpRequest.newBuilder(url.resolve("/ceiling")).timeout(Duration.ofSeconds(2)).build();
			return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

	/**
	 * The ceiling's figures.
	 *
	 * @param rps requests answered per second at saturation
	 * @param p99Ms 99th percentile latency at saturation, in ms
	 * @param p50Ms median latency at saturation, in ms
	 * @param cpuMicrosPerRequest the ceiling process's CPU time per request, in µs
	 * @param openModelRate the open model's arrival rate, half of {@code rps}, in requests per second
	 * @param openModelP99Ms 99th percentile latency at that rate, from each request's due time, in ms
	 * @param unexpected answers other than 200, lost requests included
	 */
	public record Figures(double rps, double p99Ms, double p50Ms, double cpuMicrosPerRequest, double openModelRate,
			double openModelP99Ms, long unexpected) {

	}

}
