package io.minitickets.api.system;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error report for requests it rejects itself before any servlet runs (an encoded NUL or slash in the path,
 * a malformed request line): a small problem+json instead of Tomcat's HTML page.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		HttpStatus httpStatus = HttpStatus.resolve(status);
		String title = (httpStatus != null) ? httpStatus.getReasonPhrase() : "Error";
		String detail = (status < 500) ? "The request was rejected before it reached the API: " + title + "."
				: "Something failed on our side; nothing was accepted.";
		try {
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.setCharacterEncoding(StandardCharsets.UTF_8.name());
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write("{\"type\":\"" + ProblemTypesByStatus.of(status) + "\",\"title\":\"" + title
						+ "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}");
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client went away or the response was committed: nothing more can be said.
		}
	}

}
