package io.minitickets.api.web;

import java.util.Enumeration;
import java.util.List;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.HttpMediaTypeNotAcceptableException;

/**
 * Whether a request's {@code Accept} admits the API's JSON ({@code application/json}), as RFC 9110 reads it: JSON's
 * quality is the one of the most specific media range that matches it (§12.5.1: {@code application/json} before
 * {@code application/*+json}, Spring's suffix range, before {@code application/*} before {@code *}{@code /*}; the
 * highest when ranges of the same precedence disagree), and a quality of 0 means "not acceptable" (§12.4.2). A
 * range's parameters other than {@code q} do not narrow it. Type names and {@code q} are case-insensitive.
 * <p>
 * No {@code Accept}, or one that lists no range, admits JSON. An {@code Accept} that matches no range to JSON does
 * not; one that cannot be read (not {@code type/subtype} tokens, a parameter without a value, an unterminated quoted
 * string, a {@code q} that is not a qvalue: 0 to 1 with at most three decimals) is a 400 ({@link #UNREADABLE}), not a
 * 406: no representation is refused, the field is. Used by the booking route, the streams and, for
 * every other {@code /api} endpoint, by {@link JsonAcceptanceFilter}. One pass over the field's chars, without
 * allocation: the booking route's hot path.
 */
public final class JsonAcceptance {

	/** The detail of the 400 for an {@code Accept} that cannot be read. */
	public static final String UNREADABLE = "The Accept header could not be read: send media ranges (type/subtype), "
			+ "each parameter name=value, a q from 0 to 1 with at most three decimals (RFC 9110).";

	/** No media range seen yet. */
	private static final int NONE = -1;

	private static final int MALFORMED = Integer.MIN_VALUE;

	private static final int FULL_QUALITY = 1000;

	private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

	private JsonAcceptance() {
	}

	/**
	 * @param request a request to a JSON endpoint
	 * @return whether its {@code Accept} gives JSON a quality above 0
	 * @throws ApiException 400 ({@link #UNREADABLE}) when its {@code Accept} cannot be read
	 */
	public static boolean acceptsJson(HttpServletRequest request) {
		if (request.getHeader(HttpHeaders.ACCEPT) == null) {
			return true;
		}
		int quality = quality(request.getHeaders(HttpHeaders.ACCEPT));
		if (quality < 0) {
			throw unreadable();
		}
		return quality > 0;
	}

	/**
	 * @return the 400 for a request whose {@code Accept} cannot be read
	 */
	public static ApiException unreadable() {
		return Problems.badRequest(UNREADABLE);
	}

	/**
	 * @return the 406 for a request whose {@code Accept} excludes JSON, as Spring MVC answers it: it names JSON as the
	 * acceptable representation, in its detail and an {@code Accept} header
	 */
	public static ApiException notAcceptable() {
		return notAcceptable(MediaType.APPLICATION_JSON);
	}

	/**
	 * @param answered the media type the endpoint answers ({@code text/event-stream} for a status stream)
	 * @return the 406 for a request whose {@code Accept} excludes it, naming it in its detail and an {@code Accept}
	 * header
	 */
	public static ApiException notAcceptable(MediaType answered) {
		HttpMediaTypeNotAcceptableException ex = new HttpMediaTypeNotAcceptableException(List.of(answered));
		ApiException problem = Problems.of(HttpStatus.NOT_ACCEPTABLE, String.valueOf(ex.getBody().getDetail()));
		ex.getHeaders().forEach((name, values) -> problem.withHeader(name, String.join(", ", values)));
		return problem;
	}

	/**
	 * @param acceptLines the values of a request's {@code Accept} lines
	 * @return JSON's quality in thousandths, 0 to 1000: 1000 when no line lists a range, 0 when none matches JSON or
	 * the most specific match has q=0; -1 when the field cannot be read
	 */
	static int quality(Enumeration<String> acceptLines) {
		int best = NONE;
		while (acceptLines.hasMoreElements()) {
			best = scan(acceptLines.nextElement(), best);
			if (best == MALFORMED) {
				return -1;
			}
		}
		return (best == NONE) ? FULL_QUALITY : best & 0xFFFF;
	}

	/**
	 * Reads one line's ranges.
	 * @param field an {@code Accept} line
	 * @param best the best match so far: its precedence ({@link #precedence}) above its quality, so that the larger
	 * one wins; 0 when no range matched JSON, {@link #NONE} before any range
	 * @return the best match after this line; {@link #MALFORMED} when it cannot be read
	 */
	private static int scan(String field, int best) {
		int n = field.length();
		int i = 0;
		while (i < n) {
			i = skipWhitespace(field, i);
			if (i == n) {
				break;
			}
			if (field.charAt(i) == ',') {
				i++;
				continue;
			}
			int typeEnd = tokenEnd(field, i);
			if (typeEnd == i || typeEnd == n || field.charAt(typeEnd) != '/') {
				return MALFORMED;
			}
			int subtypeEnd = tokenEnd(field, typeEnd + 1);
			int precedence = precedence(field, i, typeEnd, subtypeEnd);
			if (precedence < 0) {
				return MALFORMED;
			}
			int quality = FULL_QUALITY;
			boolean weighted = false;
			i = skipWhitespace(field, subtypeEnd);
			while (i < n && field.charAt(i) == ';') {
				i = skipWhitespace(field, i + 1);
				if (i == n || field.charAt(i) == ';' || field.charAt(i) == ',') {
					continue;
				}
				int nameEnd = tokenEnd(field, i);
				int equals = skipWhitespace(field, nameEnd);
				if (nameEnd == i || equals == n || field.charAt(equals) != '=') {
					return MALFORMED;
				}
				int valueStart = skipWhitespace(field, equals + 1);
				int valueEnd = (valueStart < n && field.charAt(valueStart) == '"') ? quotedEnd(field, valueStart)
						: tokenEnd(field, valueStart);
				if (valueEnd <= valueStart) {
					return MALFORMED;
				}
				if (!weighted && nameEnd == i + 1 && (field.charAt(i) | 0x20) == 'q') {
					quality = qvalue(field, valueStart, valueEnd);
					if (quality < 0) {
						return MALFORMED;
					}
					weighted = true;
				}
				i = skipWhitespace(field, valueEnd);
			}
			if (i < n && field.charAt(i) != ',') {
				return MALFORMED;
			}
			best = Math.max(best, (precedence > 0) ? (precedence << 16) | quality : 0);
			i++;
		}
		return best;
	}

	/**
	 * @return how specifically the range {@code type/subtype} matches {@code application/json}: 4 itself, 3
	 * {@code application/*+json}, 2 {@code application/*}, 1 {@code *}{@code /*}, 0 not at all; -1 when it is not a
	 * range ({@code *} with another subtype, an empty subtype)
	 */
	private static int precedence(String field, int typeStart, int typeEnd, int subtypeEnd) {
		int subtypeStart = typeEnd + 1;
		if (subtypeEnd == subtypeStart) {
			return -1;
		}
		boolean anySubtype = is(field, subtypeStart, subtypeEnd, "*");
		if (is(field, typeStart, typeEnd, "*")) {
			return anySubtype ? 1 : -1;
		}
		if (!is(field, typeStart, typeEnd, "application")) {
			return 0;
		}
		if (anySubtype) {
			return 2;
		}
		if (is(field, subtypeStart, subtypeEnd, "*+json")) {
			return 3;
		}
		return is(field, subtypeStart, subtypeEnd, "json") ? 4 : 0;
	}

	/**
	 * @return the qvalue's thousandths; -1 unless it is {@code 0[.ddd]} or {@code 1[.000]} (RFC 9110 §12.4.2)
	 */
	private static int qvalue(String field, int start, int end) {
		char units = field.charAt(start);
		if ((units != '0' && units != '1') || end - start > 5 || (end - start > 1 && field.charAt(start + 1) != '.')) {
			return -1;
		}
		int thousandths = 0;
		for (int i = start + 2; i < start + 5; i++) {
			int digit = (i < end) ? field.charAt(i) - '0' : 0;
			if (digit < 0 || digit > 9) {
				return -1;
			}
			thousandths = thousandths * 10 + digit;
		}
		int quality = (units - '0') * FULL_QUALITY + thousandths;
		return (quality <= FULL_QUALITY) ? quality : -1;
	}

	private static boolean is(String field, int start, int end, String name) {
		return end - start == name.length() && field.regionMatches(true, start, name, 0, name.length());
	}

	private static int skipWhitespace(String field, int from) {
		int i = from;
		while (i < field.length() && (field.charAt(i) == ' ' || field.charAt(i) == '\t')) {
			i++;
		}
		return i;
	}

	/** @return the end of the RFC 9110 token starting at {@code from}; {@code from} itself when there is none */
	private static int tokenEnd(String field, int from) {
		int i = from;
		while (i < field.length() && isTokenChar(field.charAt(i))) {
			i++;
		}
		return i;
	}

	private static boolean isTokenChar(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| TOKEN_SYMBOLS.indexOf(c) >= 0;
	}

	/** @return the end of the quoted string opening at {@code quote}, past its closing quote; -1 when unterminated */
	private static int quotedEnd(String field, int quote) {
		for (int i = quote + 1; i < field.length(); i++) {
			char c = field.charAt(i);
			if (c == '\\') {
				i++;
			}
			else if (c == '"') {
				return i + 1;
			}
		}
		return -1;
	}

}
