package io.minitickets.api.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Arrays;
import java.util.Set;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.problem.RejectedBodyException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpEntity;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Refuses with 400 a request that sends a body to an endpoint that takes none ({@code POST /api/events/{id}/queue},
 * {@code POST /api/bookings/{id}/stream-ticket}, a payment, a cancellation...): a field such an endpoint would ignore
 * is a client's mistake it should hear of, as a field a request does not take is elsewhere. No body, and an empty
 * JSON object ({@code {}}, what many clients send by default), pass whatever their {@code Content-Type}. Runs after
 * Spring Security (401 and 403 first) and before the endpoint, so a refused request changes nothing. A body refused
 * while it is read (not well-formed UTF-8, over the size limit) gets that refusal, as on an endpoint that reads one. An endpoint
 * takes a body when one of its parameters is a {@code @RequestBody}, an {@link HttpEntity}, or the request or its
 * stream, which it reads itself.
 */
class NoBodyInterceptor implements HandlerInterceptor {

	private static final Set<String> METHODS = Set.of("POST", "PUT", "PATCH", "DELETE");

	/** The most bytes read to tell an empty object from a body: {@code {}} with some whitespace fits. */
	private static final int MOST_READ = 256;

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
			throws IOException {
		if (!(handler instanceof HandlerMethod method) || !METHODS.contains(request.getMethod())
				|| Arrays.stream(method.getMethodParameters()).anyMatch(NoBodyInterceptor::readsTheBody)) {
			return true;
		}
		byte[] body;
		try {
			body = request.getInputStream().readNBytes(MOST_READ + 1);
		}
		catch (RejectedBodyException ex) {
			throw ex.problem(); // the body's own refusal (not UTF-8, too large), as a body endpoint answers it
		}
		// a declared length with nothing left to read: the container read the body already (a form's parameters)
		if ((body.length == 0 && request.getContentLengthLong() > 0) || !isEmptyObjectOrNothing(body)) {
			throw takesNoBody(request);
		}
		return true;
	}

	/**
	 * @param body the start of a request body
	 * @return whether it is nothing, or {@code {}}, with JSON whitespace (RFC 8259) around and inside
	 */
	static boolean isEmptyObjectOrNothing(byte[] body) {
		int braces = 0;
		for (byte b : body) {
			if ((b == '{' && braces == 0) || (b == '}' && braces == 1)) {
				braces++;
			}
			else if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
				return false;
			}
		}
		return braces == 0 || braces == 2;
	}

	private static boolean readsTheBody(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return parameter.hasParameterAnnotation(RequestBody.class) || HttpEntity.class.isAssignableFrom(type)
				|| ServletRequest.class.isAssignableFrom(type) || InputStream.class.isAssignableFrom(type)
				|| Reader.class.isAssignableFrom(type);
	}

	private static ApiException takesNoBody(HttpServletRequest request) {
		Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
		String endpoint = request.getMethod() + " " + ((pattern != null) ? pattern : "this endpoint");
		return Problems.badRequest(endpoint + " takes no request body: send none, or {}.");
	}

}
