package io.minitickets.loadtests.chaos;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import org.jspecify.annotations.Nullable;

import io.minitickets.loadtests.bench.http.HttpRequests;
import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.bench.http.ResponseSink;
import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.localstack.chaos.FaultKind;

/**
 * The sale as a stampede: booking requests arrive at a fixed rate (an open model, the bench's {@link LoadGenerator}:
 * a request that cannot be sent at once waits for a free connection, the arrivals do not slow down because the
 * server does), each 1 or 2 seats of a random event of the round, from many users with their own tokens taken in
 * turn. A user answered with {@code Retry-After} (429, 503) sends nothing before it has passed: its turn goes to the
 * next user whose wait is over (when every user waits, the arrival is sent by the next one anyway: the rate is the
 * load's promise). A booking that finds no free connection for 5 s is given up unsent and recorded as answered not at
 * all (status 0), as a browser gives up: while api-service is down arrivals do not pile up in the client to be fired at
 * it all at once when it is back. A round sends for at most 5 minutes; stopping it waits at most 60 s for the answers
 * in flight; a connection api-service closes is replaced, tried again for up to 3 minutes (a killed api-service
 * restarting).
 */
final class OpenSaleLoad implements RoundLoad {

	private static final Duration MAX_ROUND = Duration.ofMinutes(5);

	private static final Duration STOP_WAIT = Duration.ofSeconds(60);

	private static final Duration RECONNECT_FOR = Duration.ofMinutes(3);

	/** A booking that found no free connection for this long is given up, like a browser's connect timeout. */
	private static final Duration GIVE_UP_AFTER = Duration.ofSeconds(5);

	/** The field of the 503 problem api-service answers beyond its in-flight limit. */
	private static final String IN_FLIGHT_LIMIT = "\"inFlightLimit\"";

	/** Requests in flight are remembered in a ring: far more than can be in flight at once. */
	private static final int RING = 1 << 18;

	private final URI api;

	private final ApiClient client;

	private final List<String> tokens;

	private final double rate;

	private final LoadGenerator generator;

	/**
	 * @param api api-service's base URL (it stays the same across restarts)
	 * @param client reads the booking id of a 202
	 * @param tokens Bearer tokens of the users who book, one per user
	 * @param rate booking requests per second, above 0
	 * @param connections the generator's keep-alive connections: the most requests in flight at once
	 */
	OpenSaleLoad(URI api, ApiClient client, List<String> tokens, double rate, int connections) {
		this.api = api;
		this.client = client;
		this.tokens = List.copyOf(tokens);
		this.rate = rate;
		this.generator = new LoadGenerator(api, connections, RECONNECT_FOR);
	}

	@Override
	public Round start(FaultKind fault, List<Long> events, long seed) {
		Bookings bookings = new Bookings(fault, List.copyOf(events), new Random(seed));
		LoadGenerator.Running running = this.generator.openUntilStopped(bookings, this.rate, MAX_ROUND, GIVE_UP_AFTER,
				bookings);
		return () -> {
			running.stop(STOP_WAIT);
			return List.copyOf(bookings.answers);
		};
	}

	@Override
	public void close() {
		this.generator.close();
	}

	/**
	 * One round's requests and answers, on the generator's event-loop thread only (its answers are read once the run
	 * has ended).
	 */
	private final class Bookings implements RequestSource, ResponseSink {

		private final FaultKind fault;

		private final List<Long> events;

		private final Random random;

		private final long[] notBefore = new long[OpenSaleLoad.this.tokens.size()];

		private final long[] indices = new long[RING];

		private final int[] users = new int[RING];

		private final long[] eventIds = new long[RING];

		private final byte[] quantities = new byte[RING];

		private final List<Answer> answers = new ArrayList<>();

		private int nextUser;

		Bookings(FaultKind fault, List<Long> events, Random random) {
			this.fault = fault;
			this.events = events;
			this.random = random;
			Arrays.fill(this.notBefore, System.nanoTime());
			Arrays.fill(this.indices, -1);
		}

		@Override
		public byte[] request(long index) {
			int user = nextFreeUser(System.nanoTime());
			long eventId = this.events.get(this.random.nextInt(this.events.size()));
			int quantity = 1 + this.random.nextInt(2);
			int slot = (int) (index & (RING - 1));
			this.indices[slot] = index;
			this.users[slot] = user;
			this.eventIds[slot] = eventId;
			this.quantities[slot] = (byte) quantity;
			return HttpRequests.post(OpenSaleLoad.this.api, "/api/events/" + eventId + "/bookings",
					OpenSaleLoad.this.tokens.get(user), "{\"quantity\":" + quantity + "}");
		}

		@Override
		public void answered(long index, int status, @Nullable FullHttpResponse response) {
			int slot = (int) (index & (RING - 1));
			if (this.indices[slot] != index) {
				// given up unsent: no free connection in time
				this.answers.add(new Answer(this.fault, 0, 0, 0, null));
				return;
			}
			String bookingId = null;
			boolean shed = false;
			if (response != null) {
				String retryAfter = response.headers().get(HttpHeaderNames.RETRY_AFTER);
				if (retryAfter != null) {
					this.notBefore[this.users[slot]] = System.nanoTime() + retryAfterNanos(retryAfter);
				}
				if (status == 202) {
					bookingId = OpenSaleLoad.this.client.bookingId(response.content().toString(StandardCharsets.UTF_8));
				}
				else if (status == 503) {
					shed = response.content().toString(StandardCharsets.UTF_8).contains(IN_FLIGHT_LIMIT);
				}
			}
			this.answers.add(
					new Answer(this.fault, this.eventIds[slot], this.quantities[slot], status, bookingId, shed));
		}

		private int nextFreeUser(long now) {
			int count = this.notBefore.length;
			for (int tried = 0; tried < count; tried++) {
				int user = (this.nextUser + tried) % count;
				if (this.notBefore[user] - now <= 0) {
					this.nextUser = (user + 1) % count;
					return user;
				}
			}
			int user = this.nextUser;
			this.nextUser = (user + 1) % count;
			return user;
		}

		private static long retryAfterNanos(String seconds) {
			try {
				return TimeUnit.SECONDS.toNanos(Math.max(0, Long.parseLong(seconds.trim())));
			}
			catch (NumberFormatException ex) {
				return TimeUnit.SECONDS.toNanos(1);
			}
		}

	}

}
