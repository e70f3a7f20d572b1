package io.minitickets.api.booking;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.minitickets.core.testing.TestInfrastructure;

import static org.awaitility.Awaitility.await;

/**
 * A private {@code redis-server} (from the PATH) on a free port, without persistence, for tests that change the
 * server's own settings (ACL rules), which the shared Valkey must never see. Driven with {@code redis-cli}.
 */
public final class ScratchValkey implements AutoCloseable {

	private volatile Process process;

	private final int port;

	private ScratchValkey(Process process, int port) {
		this.process = process;
		this.port = port;
	}

	/**
	 * Starts the server and waits until it answers PING.
	 * @return the running server; stopped by {@link #close()} or when the JVM exits
	 * @throws UncheckedIOException when {@code redis-server} cannot be started
	 */
	public static ScratchValkey start() {
		int port = TestInfrastructure.closedPort();
		ScratchValkey valkey = new ScratchValkey(launch(port), port);
		valkey.awaitPong();
		return valkey;
	}

	private static Process launch(int port) {
		try {
			Process process = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind",
					"127.0.0.1", "--save", "", "--appendonly", "no", "--enable-debug-command", "local")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			Runtime.getRuntime().addShutdownHook(new Thread(process::destroy));
			return process;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void awaitPong() {
		await().atMost(Duration.ofSeconds(30)).until(() -> "PONG".equals(cli("PING")));
	}

	/**
	 * Stops the server (SIGKILL, as a crash) and returns once it is gone; its keys are lost (no persistence).
	 * @throws IllegalStateException when it did not exit within 10 s
	 */
	public void kill() {
		this.process.destroyForcibly();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("redis-server did not exit");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Starts an empty server again on the same port after {@link #kill()} and waits until it answers PING.
	 */
	public void startAgain() {
		this.process = launch(this.port);
		awaitPong();
	}

	/**
	 * @return its redis:// URL
	 */
	public String url() {
		return "redis://127.0.0.1:" + this.port;
	}

	/**
	 * Changes the default user's ACL rules ({@code ACL SETUSER default <rules>}).
	 * @param rules for example {@code resetkeys}, {@code ~*rl:*}, {@code (~*idem:* +set)}
	 * @throws IllegalStateException when the server refuses them
	 */
	public void setDefaultUser(String... rules) {
		List<String> command = new ArrayList<>(List.of("ACL", "SETUSER", "default"));
		command.addAll(List.of(rules));
		String reply = cli(command.toArray(String[]::new));
		if (!"OK".equals(reply)) {
			throw new IllegalStateException("ACL SETUSER refused: " + reply);
		}
	}

	/**
	 * @param command a command's name in lower case, for example {@code evalsha}
	 * @return how many times the server ran it since it started ({@code INFO commandstats})
	 */
	long calls(String command) {
		String prefix = "cmdstat_" + command + ":calls=";
		return cli("INFO", "commandstats").lines()
			.filter((line) -> line.startsWith(prefix))
			.mapToLong((line) -> Long.parseLong(line.substring(prefix.length(), line.indexOf(',', prefix.length()))))
			.findFirst()
			.orElse(0);
	}

	/**
	 * Blocks the server for {@code seconds} ({@code DEBUG SLEEP}, sent by a {@code redis-cli} of its own) and returns
	 * once it is asleep: a PING on a new connection gets no answer within 200 ms. Every command sent meanwhile waits,
	 * then runs in the order it arrived.
	 * @param seconds how long the server sleeps
	 * @throws IllegalStateException when the server did not fall asleep within 10 s
	 */
	public void sleep(int seconds) {
		List<String> line = List.of("redis-cli", "-p", Integer.toString(this.port), "DEBUG", "SLEEP",
				Integer.toString(seconds));
		try {
			new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> !answersPingWithin(Duration.ofMillis(200)));
	}

	/**
	 * Waits until the server answers again after {@link #sleep}.
	 */
	public void awaitAwake() {
		await().atMost(Duration.ofSeconds(30)).until(() -> answersPingWithin(Duration.ofSeconds(1)));
	}

	private boolean answersPingWithin(Duration timeout) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout((int) timeout.toMillis());
			socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			return socket.getInputStream().read() == '+';
		}
		catch (SocketTimeoutException ex) {
			return false;
		}
	}

	private String cli(String... command) {
		List<String> line = new ArrayList<>(List.of("redis-cli", "-p", Integer.toString(this.port)));
		line.addAll(List.of(command));
		try {
			Process cli = new ProcessBuilder(line).redirectErrorStream(true).start();
			if (!cli.waitFor(20, TimeUnit.SECONDS)) {
				cli.destroyForcibly();
				throw new IllegalStateException("redis-cli did not answer: " + line);
			}
			return new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		this.process.destroy();
	}

}
