package io.minitickets.api.problem;

import java.io.IOException;
import java.io.Writer;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for requests it rejects itself before any servlet runs (an encoded NUL or slash in the path,
 * a malformed request line, header fields over {@code server.max-http-request-header-size}): a small problem+json
 * instead of Tomcat's HTML page. Oversized header fields stay Tomcat's 400 (which also closes the connection, whose
 * unread rest cannot carry another request), with a detail that says so.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		if (response.getStatus() < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		int status = response.getStatus();
		HttpStatus httpStatus = HttpStatus.resolve(status);
		String reason = (httpStatus != null) ? httpStatus.getReasonPhrase() : "Error";
		String detail = headerFieldsTooLarge(status, throwable)
				? "The request's header fields are larger than the API accepts; nothing was read."
				: (status < 500 || status == 501 || status == 505)
						? "The request was rejected before it reached the API: " + reason + "."
						: "Something failed on our side; nothing was accepted.";
		try {
			// No charset parameter, as on every other problem: the body is ASCII, the same in any encoding.
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write("{\"type\":\"" + Problems.typeOf(status) + "\",\"title\":\"" + Problems.titleOf(status)
						+ "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}");
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client went away or the response was committed: nothing more can be said.
		}
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
