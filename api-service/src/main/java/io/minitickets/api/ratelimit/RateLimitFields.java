package io.minitickets.api.ratelimit;

import java.util.List;

import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimitDecision;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

/**
 * The {@code RateLimit-Policy} and {@code RateLimit} fields of one token bucket, as
 * draft-ietf-httpapi-ratelimit-headers-11 defines them: each a Structured Fields List (RFC 9651) of one Item, the
 * policy's name as a String, with Parameters. Written on the answer of every request that asked the bucket, allowed
 * or denied, from what the bucket's one Valkey call answered (no second call).
 * <p>
 * How a token bucket of capacity C refilling R tokens/s (1 token per refill interval I = 1/R) maps to the draft:
 * <ul>
 * <li>{@code RateLimit-Policy: "booking";q=C;w=C/R;pk=:…:}: the quota q is the burst C, and the window w = C/R the
 * time the bucket takes to refill it, so q/w is the sustained rate R. The draft's windows are whole seconds (section
 * 3.1.3): w is rounded up, so q/w never states a rate above R. The field is the same on every answer (the draft asks
 * for that); it is built once per bucket at start-up, but for its {@code pk}.</li>
 * <li>{@code RateLimit: "booking";r=…;t=…;pk=:…:}: {@code r} is the whole tokens left after this request (0 on a
 * 429). {@code t}, the draft's effective window (section 4.1.2: the seconds within which the client can use no more
 * than {@code r}), is, when {@code r} is 0, the time until one token is back: the same as a 429's
 * {@code Retry-After}, which the draft (section 6) does not let end before the window does; otherwise the time until
 * the bucket is full again, when the whole quota is back, as a window ends in the draft's examples. Within that
 * time the bucket admits {@code r} plus what refills, so a client that keeps to {@code r} is never refused, and the
 * rate {@code r/t} never exceeds what the bucket admits (section 8.5 warns of a ratio that does); the time until the
 * next token would make {@code t} a second or less whatever {@code r}. Rounded up to whole seconds, at least 1.</li>
 * <li>{@code pk}, in both, is the bucket's partition key: a Byte Sequence of 8 bytes, a keyed hash of the bucket's
 * scope and id ({@link PartitionKeys}), the same on every answer of one user (booking) or one client address (log-in)
 * and never the id or address itself.</li>
 * </ul>
 * The fields go on the response bound by {@link #answerOn} for the request at hand; a request with none bound (the
 * sale-day board's log-in) gets none.
 *
 * @see <a href="https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/11/">RateLimit header fields
 * for HTTP, draft 11</a>
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9651">RFC 9651, Structured Field Values for HTTP</a>
 */
public final class RateLimitFields {

	/** The field that names the quota policy. */
	static final String POLICY = "RateLimit-Policy";

	/** The field that says what is left of the quota. */
	static final String LIMIT = "RateLimit";

	private static final ThreadLocal<@Nullable HttpServletResponse> ANSWER = new ThreadLocal<>();

	private static final Binding UNBIND = ANSWER::remove;

	private final String policyStart;

	private final String limitStart;

	private final String hashPrefix;

	private final long fullToOneTokenMs;

	private final PartitionKeys keys;

	private final List<String> violatedPolicies;

	/**
	 * @param name the policy's name in both fields and in a 429's {@code violated-policies} (lower-case letters)
	 * @param scope the bucket's scope ({@code book:user}): hashed with the id into {@code pk}
	 * @param policy the bucket's capacity and refill interval
	 * @param keys the deployment's partition keys
	 */
	RateLimitFields(String name, String scope, BucketPolicy policy, PartitionKeys keys) {
		long intervalMs = policy.refillInterval().toMillis();
		long windowSeconds = (policy.capacity() * intervalMs + 999) / 1000;
		this.policyStart = "\"" + name + "\";q=" + policy.capacity() + ";w=" + windowSeconds + ";pk=:";
		this.limitStart = "\"" + name + "\";r=";
		this.hashPrefix = scope + ":";
		this.fullToOneTokenMs = (policy.capacity() - 1) * intervalMs;
		this.keys = keys;
		this.violatedPolicies = List.of(name);
	}

	/**
	 * Binds the response on which this thread's rate-limit decisions write their fields, until the binding is closed:
	 * {@code try (RateLimitFields.Binding fields = RateLimitFields.answerOn(response)) { ... }}: a thread-local set
	 * and removed (the API's release is Java 21, without scoped values), and no object of its own.
	 * @param response the answer of the request this thread serves
	 * @return what unbinds it
	 */
	public static Binding answerOn(HttpServletResponse response) {
		ANSWER.set(response);
		return UNBIND;
	}

	/**
	 * Writes both fields for a decision of this bucket on the bound response, if one is bound: two short strings.
	 * @param decision what the bucket answered (a remembered denial too)
	 * @param id whose bucket: the user id, the client address key
	 */
	void write(RateLimitDecision decision, String id) {
		HttpServletResponse response = ANSWER.get();
		if (response == null) {
			return;
		}
		long pk = this.keys.of(this.hashPrefix, id);
		StringBuilder field = new StringBuilder(64).append(this.policyStart);
		response.setHeader(POLICY, PartitionKeys.appendBase64(field, pk).append(':').toString());
		field.setLength(0);
		field.append(this.limitStart).append(decision.tokensLeft()).append(";t=").append(effectiveWindow(decision));
		response.setHeader(LIMIT, PartitionKeys.appendBase64(field.append(";pk=:"), pk).append(':').toString());
	}

	/**
	 * @param decision what the bucket answered
	 * @return the {@code t} parameter, whole seconds rounded up: until one token is back when none is left, else until
	 * the bucket is full again
	 */
	long effectiveWindow(RateLimitDecision decision) {
		if (!decision.allowed()) {
			return decision.retryAfterSeconds();
		}
		// none left: the credit is under one interval, so one token is back (C - 1) intervals before the bucket is full
		long ms = (decision.tokensLeft() > 0) ? decision.fullInMs() : decision.fullInMs() - this.fullToOneTokenMs;
		return Math.max(1, (ms + 999) / 1000);
	}

	/**
	 * @return the {@code violated-policies} of this bucket's 429: its policy's name
	 */
	List<String> violatedPolicies() {
		return this.violatedPolicies;
	}

	/**
	 * Ends a binding made by {@link #answerOn}.
	 */
	@FunctionalInterface
	public interface Binding extends AutoCloseable {

		@Override
		void close();

	}

}
