package io.minitickets.api.problem;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.util.Enumeration;

import io.minitickets.api.security.SecurityHeaders;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for requests it rejects itself before any servlet runs (an encoded NUL or slash in the path,
 * a malformed request line, a character a request target or header may not hold, no Host header, two
 * Content-Lengths, header fields over {@code server.max-http-request-header-size}): a small problem+json instead of
 * Tomcat's HTML page, with the security headers every other answer carries ({@link SecurityHeaders}) and a detail that
 * says what Tomcat found (its own words, not just "Bad Request") and, when Tomcat read the request target, its path as
 * {@code instance}. Oversized header fields stay Tomcat's 400 (which also
 * closes the connection, whose unread rest cannot carry another request), with a detail that says so.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	private static final Logger logger = LoggerFactory.getLogger(ProblemErrorReportValve.class);

	/** The most of Tomcat's own message a detail repeats: it may echo the request target. */
	private static final int MAX_CAUSE_CHARS = 200;

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		if (response.getStatus() < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		int status = response.getStatus();
		String detail = detail(request, response, status, throwable);
		URI instance = instance(request);
		log(request, status, detail, headerFieldsTooLarge(status, throwable));
		try {
			SecurityHeaders.write(request, response);
			// No charset parameter, as on every other problem: the body is ASCII, the same in any encoding.
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write("{\"type\":\"" + Problems.typeOf(status) + "\",\"title\":\"" + Problems.titleOf(status)
						+ "\",\"status\":" + status + ",\"detail\":\"" + asciiJson(detail) + "\""
						+ ((instance != null) ? ",\"instance\":\"" + asciiJson(instance.toString()) + "\"" : "") + "}");
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client went away or the response was committed: nothing more can be said.
		}
	}

	/**
	 * One line, never the stack trace (Tomcat's own line for these is turned down to WARN in application.yml: it
	 * printed the parser's trace at INFO): header fields over the limit at INFO, since a client that legitimately
	 * sends large headers (many cookies, a large token) means the limit needs raising; Tomcat's other refusals, a
	 * client's garbage, at DEBUG.
	 */
	private static void log(Request request, int status, String detail, boolean headerFieldsTooLarge) {
		if (headerFieldsTooLarge ? logger.isInfoEnabled() : logger.isDebugEnabled()) {
			String target = (request.getRequestURI() != null) ? Problems.echo(request.getRequestURI()) : "-";
			String line = "Tomcat answered {} {} {} before the API: {}";
			if (headerFieldsTooLarge) {
				logger.info(line, status, request.getMethod(), target, detail);
			}
			else {
				logger.debug(line, status, request.getMethod(), target, detail);
			}
		}
	}

	private static String detail(Request request, Response response, int status, @Nullable Throwable throwable) {
		if (headerFieldsTooLarge(status, throwable)) {
			return "The request's header fields are larger than the API accepts; nothing was read.";
		}
		if (status >= 500 && status != 501 && status != 505) {
			return "Something failed on our side; nothing was accepted.";
		}
		String cause = (throwable instanceof IllegalArgumentException && throwable.getMessage() != null)
				? throwable.getMessage() : response.getMessage();
		if (cause == null || cause.isBlank()) {
			cause = knownCause(request, status);
		}
		if (cause.length() > MAX_CAUSE_CHARS) {
			cause = cause.substring(0, MAX_CAUSE_CHARS) + "…";
		}
		return "The request was rejected before it reached the API: " + cause + (cause.endsWith(".") ? "" : ".");
	}

	/** The request's path when Tomcat read one (not for a request line it could not parse). */
	private static @Nullable URI instance(Request request) {
		String path = request.getRequestURI();
		return (path != null && path.startsWith("/")) ? ProblemWriter.instance(path) : null;
	}

	/** What Tomcat answers 400 for without a message (Http11Processor's own checks), else the status's reason. */
	private static String knownCause(Request request, int status) {
		if (status == HttpStatus.BAD_REQUEST.value()) {
			if (request.getHeader("Host") == null && "HTTP/1.1".equals(request.getProtocol())) {
				return "an HTTP/1.1 request needs a Host header";
			}
			if (count(request.getHeaders("Content-Length")) > 1) {
				return "the request has more than one Content-Length header";
			}
		}
		HttpStatus known = HttpStatus.resolve(status);
		return (known != null) ? known.getReasonPhrase() : "Error";
	}

	private static int count(@Nullable Enumeration<String> values) {
		int count = 0;
		while (values != null && values.hasMoreElements()) {
			values.nextElement();
			count++;
		}
		return count;
	}

	/** The text as the inside of a JSON string in ASCII: quotes, backslashes and anything else escaped. */
	private static String asciiJson(String text) {
		StringBuilder json = new StringBuilder(text.length() + 16);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '"' || c == '\\') {
				json.append('\\').append(c);
			}
			else if (c < 0x20 || c > 0x7E) {
				json.append(String.format("\\u%04x", (int) c));
			}
			else {
				json.append(c);
			}
		}
		return json.toString();
	}

	/**
	 * Tomcat's HTTP/1.1 parser rejects header fields over its limit with 400 and an IllegalArgumentException saying
	 * "Request header is too large" (Http11InputBuffer).
	 */
	private static boolean headerFieldsTooLarge(int status, @Nullable Throwable throwable) {
		return status == HttpStatus.BAD_REQUEST.value() && throwable instanceof IllegalArgumentException
				&& String.valueOf(throwable.getMessage()).contains("header is too large");
	}

}
