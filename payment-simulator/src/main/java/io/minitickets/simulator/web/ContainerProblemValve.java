package io.minitickets.simulator.web;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for the requests it refuses itself, before the simulator's controllers run (a URL with a
 * broken percent-escape such as {@code /sim/checkout/sessions/%zz/pay}, a malformed request line, no Host header): an
 * RFC 9457 problem+json (the {@link SimulatorProblems#typeOf type} of its status, the status's reason as
 * {@code title}) whose {@code detail} says what was wrong, instead of Tomcat's HTML page.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a>
 */
public class ContainerProblemValve extends ErrorReportValve {

	/** A {@code %} not followed by two hex digits. */
	private static final Pattern BROKEN_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Override
	protected void report(Request request, Response response, @Nullable Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		HttpStatus known = HttpStatus.resolve(status);
		Map<String, Object> problem = new LinkedHashMap<>();
		problem.put("type", SimulatorProblems.typeOf(status).toString());
		problem.put("title", (known != null) ? known.getReasonPhrase() : "Error");
		problem.put("status", status);
		problem.put("detail", "The simulator refused the request before reading it: " + cause(request, response));
		try {
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write(JSON.writeValueAsString(problem));
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// the client went away or the response was committed: nothing more can be said
		}
	}

	private static String cause(Request request, Response response) {
		String target = request.getCoyoteRequest().requestURI().toString();
		String query = request.getCoyoteRequest().queryString().toString();
		if (BROKEN_ESCAPE.matcher(target).find() || (query != null && BROKEN_ESCAPE.matcher(query).find())) {
			return "its URL has a broken percent-escape (a % must be followed by two hex digits).";
		}
		String message = response.getMessage();
		return (message != null && !message.isBlank()) ? message : "Tomcat answered " + response.getStatus() + ".";
	}

}
