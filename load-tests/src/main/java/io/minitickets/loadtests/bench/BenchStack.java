package io.minitickets.loadtests.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.loadtests.client.BulkUsers;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.loadtests.client.StackSession;
import io.minitickets.loadtests.verify.Inspector;
import io.minitickets.localstack.stack.ManagedProcess;
import io.minitickets.localstack.stack.Service;
import io.minitickets.localstack.stack.StackException;

/**
 * The local stack as the HTTP figures use it: api-service's URL and process, events created through the admin API,
 * users created in bulk with minted tokens, and the verifier's view of Postgres, Valkey and Kafka.
 */
public final class BenchStack {

	private static final Duration TOKEN_LIFETIME = Duration.ofHours(2);

	private static final Duration CATCH_UP_POLL = Duration.ofMillis(250);

	private final StackSession session;

	private final URI api;

	private final ManagedProcess apiProcess;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final ApiClient client;

	private final String adminToken;

	private final String runId = HexFormat.of().formatHex(new SecureRandom().generateSeed(4));

	private int userBatches;

	/**
	 * @param session the stack, running
	 * @throws StackException when api-service is not healthy or the admin cannot log in
	 */
	BenchStack(StackSession session) {
		this.session = session;
		this.api = session.healthyApi();
		this.apiProcess = session.state()
			.process(Service.API_SERVICE.module())
			.orElseThrow(() -> new StackException("The stack has no api-service"));
		this.client = new ApiClient(this.http, this.api);
		this.adminToken = this.client.login(session.state().adminEmail(), session.state().adminPassword());
	}

	/**
	 * @return the stack session (to start more processes on it)
	 */
	public StackSession session() {
		return this.session;
	}

	/**
	 * @return api-service's base URL
	 */
	public URI api() {
		return this.api;
	}

	/**
	 * @return the CPU time of api-service's process
	 */
	public CpuClock apiCpu() {
		return new CpuClock(this.apiProcess.pid());
	}

	/**
	 * @param what names the event, for example {@code stampede}
	 * @param capacity its seats
	 * @return the id of a new event whose sale is open
	 * @throws StackException when api-service refuses it
	 */
	public long createEvent(String what, int capacity) {
		return this.client.createEvent(this.adminToken, "bench " + this.runId + " " + what, capacity,
				Instant.now().minusSeconds(60));
	}

	/**
	 * @param what names the event, for example {@code expiry}
	 * @param capacity its seats
	 * @param price one seat's price in minor units of {@code currency}, above 0
	 * @param currency its ISO 4217 code
	 * @return the id of a new paid event whose sale is open (its bookings are settled HELD)
	 * @throws StackException when api-service refuses it
	 */
	public long createPaidEvent(String what, int capacity, long price, String currency) {
		return this.client.createPaidEvent(this.adminToken, "bench " + this.runId + " " + what, capacity,
				Instant.now().minusSeconds(60), price, currency);
	}

	/**
	 * @param what names the event, for example {@code waiting room fairness}
	 * @param capacity its seats
	 * @param saleOpensAt when its sale opens: the pre-queue's order is drawn then
	 * @param waitingRoom its waiting room as the admin API takes it ({@code enabled}, {@code opensAt?},
	 * {@code admission {mode, perSecond}}, {@code admittedForSeconds?})
	 * @return the id of a new free event with that waiting room
	 * @throws StackException when api-service refuses it
	 */
	public long createWaitingRoomEvent(String what, int capacity, Instant saleOpensAt,
			Map<String, Object> waitingRoom) {
		return this.client.createWaitingRoomEvent(this.adminToken, "bench " + this.runId + " " + what, capacity,
				saleOpensAt, waitingRoom);
	}

	/**
	 * Books the one seat of an event of one seat, so that every later booking of it is a sold-out 409.
	 * @param eventId the event, of capacity 1
	 * @param buyer who books it
	 * @throws StackException when the booking is not accepted (202) or cannot be sent
	 */
	public void sellOut(long eventId, LoadUser buyer) {
		try {
			ApiResponse response = this.client.book(buyer.token(), eventId, 1);
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
	 * @return a client of api-service's HTTP API, for setting a figure up
	 */
	public ApiClient client() {
		return this.client;
	}

	/**
	 * @param count how many users, at least 1
	 * @return new users with minted tokens (role USER), each with a full booking bucket
	 * @throws StackException when Postgres refuses them
	 */
	public List<LoadUser> users(int count) {
		this.userBatches++;
		return new BulkUsers(this.session.state().requirePostgres(), this.session.state().jwtSecret(), TOKEN_LIFETIME)
			.create("bench-" + this.runId + "-" + this.userBatches, count);
	}

	/**
	 * @return the verifier's reader of the stack's Postgres, Valkey and Kafka
	 */
	public Inspector inspector() {
		return Inspector.of(this.session.state());
	}

	/**
	 * Waits until the worker's consumer group has committed every record of {@code bookings.requested}, so that a
	 * figure's backlog does not slow the next figure down.
	 * @param timeout the longest wait
	 * @return the records not committed when called (the backlog) and how long until none was left, in ms
	 * @throws StackException when the worker still lags after {@code timeout}, or the broker does not answer
	 */
	public CatchUp awaitWorkerCaughtUp(Duration timeout) {
		Inspector inspector = inspector();
		long start = System.nanoTime();
		long lag = inspector.consumerLag();
		long backlog = lag;
		while (lag > 0) {
			if (System.nanoTime() - start > timeout.toNanos()) {
				throw new StackException("The worker still lags " + lag + " records of bookings.requested "
						+ timeout.toSeconds() + " s after the run");
			}
			try {
				Thread.sleep(CATCH_UP_POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new StackException("Interrupted while waiting for the worker to catch up", ex);
			}
			lag = inspector.consumerLag();
		}
		return new CatchUp(backlog, Duration.ofNanos(System.nanoTime() - start).toMillis());
	}

	void close() {
		this.http.close();
	}

}
