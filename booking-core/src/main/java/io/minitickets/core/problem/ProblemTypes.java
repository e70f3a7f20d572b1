package io.minitickets.core.problem;

import java.net.URI;

/**
 * Stable {@code type} URIs of the RFC 9457 problems the services answer; clients may switch on them.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457, Problem Details for HTTP APIs</a>
 */
public final class ProblemTypes {

	private static final String BASE = "https://minitickets.dev/problems/";

	/** The request body or a parameter is malformed or out of range (400). */
	public static final URI INVALID_REQUEST = URI.create(BASE + "invalid-request");

	/** Missing, expired or forged credentials (401). */
	public static final URI UNAUTHORIZED = URI.create(BASE + "unauthorized");

	/** Authenticated, but not allowed (403). */
	public static final URI FORBIDDEN = URI.create(BASE + "forbidden");

	/** No such resource, or not the caller's (404). */
	public static final URI NOT_FOUND = URI.create(BASE + "not-found");

	/** Fewer seats left than asked for (409). */
	public static final URI SOLD_OUT = URI.create(BASE + "sold-out");

	/**
	 * The booking would take the user past the event's per-user limit: the seats asked for alone, or with the seats
	 * the user already holds or has confirmed (409: it conflicts with the user's holdings, and one status for one rule
	 * lets a client switch on one type).
	 */
	public static final URI USER_LIMIT = URI.create(BASE + "user-limit");

	/** The resource exists already (409). */
	public static final URI CONFLICT = URI.create(BASE + "conflict");

	/** A request with the same Idempotency-Key is still being processed; retry after the Retry-After seconds (409). */
	public static final URI REQUEST_IN_PROGRESS = URI.create(BASE + "request-in-progress");

	/** The Idempotency-Key was first used for another request: another event or quantity (422). */
	public static final URI IDEMPOTENCY_KEY_REUSED = URI.create(BASE + "idempotency-key-reused");

	/** The event's sale has not opened yet (409). */
	public static final URI SALE_NOT_OPEN = URI.create(BASE + "sale-not-open");

	/**
	 * The event's waiting room does not take places yet: before its {@code opensAt}, named in the problem's
	 * {@code queueOpensAt} (409, with Retry-After).
	 */
	public static final URI QUEUE_NOT_OPEN = URI.create(BASE + "queue-not-open");

	/**
	 * A booking of a waiting-room event without a valid admission token (403): the problem's {@code reason} says which
	 * check failed: {@code missing}, {@code forged}, {@code other-event}, {@code other-user}, {@code expired}.
	 */
	public static final URI ADMISSION_REQUIRED = URI.create(BASE + "admission-required");

	/**
	 * A quota policy's quota is used up; retry after the Retry-After seconds (429). Not ours but the IETF's: the type
	 * draft-ietf-httpapi-ratelimit-headers-11 (section 5.1) registers, whose extension member
	 * {@code violated-policies} names the policies of the {@code RateLimit-Policy} field that were exceeded; its
	 * registered title is "Quota Exceeded" (section 10.2.1).
	 * @see <a href="https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/11/">RateLimit header
	 * fields for HTTP, draft 11</a>
	 */
	public static final URI QUOTA_EXCEEDED = URI
		.create("https://iana.org/assignments/http-problem-types#quota-exceeded");

	/** A dependency cannot answer now; retry after the Retry-After seconds (503). */
	public static final URI UNAVAILABLE = URI.create(BASE + "unavailable");

	/**
	 * The method is not supported on this resource (405), no acceptable representation (406), the media type (415),
	 * a transfer coding (501) or the HTTP version (505).
	 */
	public static final URI UNSUPPORTED = URI.create(BASE + "unsupported");

	/** The request body is larger than allowed (413). */
	public static final URI TOO_LARGE = URI.create(BASE + "too-large");

	/** Something failed on our side (500). */
	public static final URI INTERNAL = URI.create(BASE + "internal");

	private ProblemTypes() {
	}

}
