package io.minitickets.loadtests.bench.waitingroom;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntFunction;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.minitickets.loadtests.bench.http.LoadGenerator;
import io.minitickets.loadtests.bench.http.LoadRun;
import io.minitickets.loadtests.bench.http.RequestSource;
import io.minitickets.loadtests.client.LoadUser;
import io.minitickets.localstack.chaos.ProcessWaits;
import io.minitickets.localstack.stack.StackException;

/**
 * One event's waiting-room places over HTTP, as customers take and read them: {@code POST /api/events/{id}/queue}
 * with the customer's Bearer token, and {@code GET /api/events/{id}/queue/{placeId}}, sent by the bench's
 * {@link LoadGenerator} and answered in full (the bodies are parsed after the run, off its event loop).
 */
final class Places {

	/** How many times a join answered 503 or not at all is sent again. */
	static final int RETRIES = 3;

	private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

	private final JsonMapper json = JsonMapper.builder().build();

	private final URI api;

	private final long eventId;

	/**
	 * @param api api-service's base URL
	 * @param eventId the event with the waiting room
	 */
	Places(URI api, long eventId) {
		this.api = api;
		this.eventId = eventId;
	}

	/**
	 * Joins the queue: request {@code i} is made by {@code users[i / timesEach]}, so that with {@code timesEach} 2 each
	 * account sends two joins back to back, both in flight at once on a generator with several connections. A join
	 * answered 503, or not at all (a keep-alive connection the server closed under it), is sent again after 1 s, as a
	 * client would, {@value #RETRIES} times at most.
	 * @param generator the load generator (one connection: joins in exactly the users' order)
	 * @param users who join, in order
	 * @param timesEach joins per user
	 * @return each request's answer, in request order
	 */
	List<Answer> join(LoadGenerator generator, List<LoadUser> users, int timesEach) {
		List<Answer> answers = new ArrayList<>(
				send(generator, users.size() * timesEach, (i) -> joinRequest(users.get(i / timesEach))));
		for (int round = 0; round < RETRIES; round++) {
			List<Integer> again = new ArrayList<>();
			for (int i = 0; i < answers.size(); i++) {
				if (answers.get(i).status() == 0 || answers.get(i).status() == 503) {
					again.add(i);
				}
			}
			if (again.isEmpty()) {
				break;
			}
			ProcessWaits.pause(RETRY_AFTER);
			List<Answer> retried = send(generator, again.size(),
					(i) -> joinRequest(users.get(again.get(i) / timesEach)));
			for (int i = 0; i < again.size(); i++) {
				answers.set(again.get(i), retried.get(i));
			}
		}
		return answers;
	}

	/**
	 * Reads places, each with its owner's token.
	 * @param generator the load generator
	 * @param users the owners
	 * @param placeIds their places, in the same order
	 * @return each place's answer, in that order
	 */
	List<Answer> read(LoadGenerator generator, List<LoadUser> users, List<String> placeIds) {
		return send(generator, users.size(), (i) -> readRequest(users.get(i), placeIds.get(i)));
	}

	/**
	 * @param user the customer
	 * @return the customer's {@code POST /api/events/{id}/queue}, as the bytes sent
	 */
	byte[] joinRequest(LoadUser user) {
		return ascii("POST /api/events/" + this.eventId + "/queue HTTP/1.1\r\nHost: " + this.api.getAuthority()
				+ "\r\nAccept: application/json\r\nAuthorization: Bearer " + user.token()
				+ "\r\nContent-Length: 0\r\n\r\n");
	}

	/**
	 * @param user the place's owner
	 * @param placeId the place
	 * @return the owner's {@code GET /api/events/{id}/queue/{placeId}}, as the bytes sent
	 */
	byte[] readRequest(LoadUser user, String placeId) {
		return ascii("GET /api/events/" + this.eventId + "/queue/" + placeId + " HTTP/1.1\r\nHost: "
				+ this.api.getAuthority() + "\r\nAccept: application/json\r\nAuthorization: Bearer " + user.token()
				+ "\r\n\r\n");
	}

	/**
	 * @param user an admitted customer
	 * @param admissionToken the customer's admission token
	 * @param idempotencyKey the customer's key for this booking, the same on every retry
	 * @return the customer's booking of one seat of the event with its admission, as the bytes sent
	 */
	byte[] bookRequest(LoadUser user, String admissionToken, String idempotencyKey) {
		return ascii("POST /api/events/" + this.eventId + "/bookings HTTP/1.1\r\nHost: " + this.api.getAuthority()
				+ "\r\nAccept: application/json\r\nAuthorization: Bearer " + user.token() + "\r\nAdmission-Token: "
				+ admissionToken + "\r\nIdempotency-Key: " + idempotencyKey
				+ "\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"quantity\":1}");
	}

	/**
	 * Sends requests and waits for every answer.
	 * @param generator the load generator
	 * @param total how many
	 * @param request request {@code i}'s bytes
	 * @return each request's answer, in request order
	 */
	List<Answer> send(LoadGenerator generator, int total, IntFunction<byte[]> request) {
		if (total == 0) {
			return List.of();
		}
		int[] statuses = new int[total];
		String[] bodies = new String[total];
		RequestSource source = (index) -> request.apply((int) index);
		LoadRun run = generator.count(source, total, (index, status, response) -> {
			statuses[(int) index] = status;
			if (response != null) {
				bodies[(int) index] = response.content().toString(StandardCharsets.UTF_8);
			}
		});
		List<Answer> answers = new ArrayList<>(total);
		for (int i = 0; i < total; i++) {
			answers.add(answer(statuses[i], bodies[i]));
		}
		if (run.answered() != total) {
			throw new StackException(WaitingRoomFigure.NAME + ": " + run.answered() + " of " + total
					+ " requests answered");
		}
		return answers;
	}

	/**
	 * @param answers answers
	 * @return how many had each HTTP status, by status (0: no answer)
	 */
	static SortedMap<Integer, Long> statuses(List<Answer> answers) {
		SortedMap<Integer, Long> counts = new TreeMap<>();
		answers.forEach((answer) -> counts.merge(answer.status(), 1L, Long::sum));
		return counts;
	}

	private Answer answer(int status, @Nullable String body) {
		JsonNode place = read(body);
		String until = place.path("admittedUntil").asString(null);
		return new Answer(status, place.path("placeId").asString(null), place.path("state").asString(null),
				place.path("position").asLong(0), (until != null) ? Instant.parse(until).toEpochMilli() : 0,
				place.path("admissionToken").asString(null), place.path("type").asString(null));
	}

	private JsonNode read(@Nullable String body) {
		if (body == null) {
			return this.json.missingNode();
		}
		try {
			return this.json.readTree(body);
		}
		catch (JacksonException ex) {
			return this.json.missingNode();
		}
	}

	private static byte[] ascii(String text) {
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * One answer about a place.
	 *
	 * @param status its HTTP status (0: no answer)
	 * @param placeId the place, or null when the answer named none
	 * @param state {@code PRE_QUEUE}, {@code WAITING}, {@code ADMITTED} or {@code DROPPED}; null without a place
	 * @param position 1 for the next admitted, while {@code WAITING}; 0 otherwise
	 * @param admittedUntilMs when its admission ends, epoch ms, once {@code ADMITTED}; 0 otherwise
	 * @param admissionToken the token to book with, while the admission lasts; null otherwise
	 * @param problemType a problem's {@code type}; null for an answer that is not a problem
	 */
	record Answer(int status, @Nullable String placeId, @Nullable String state, long position, long admittedUntilMs,
			@Nullable String admissionToken, @Nullable String problemType) {

		boolean isPlace() {
			return (this.status == 200 || this.status == 201) && this.placeId != null;
		}

	}

}
