package io.minitickets.api.security;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.header.HeaderWriter;
import org.springframework.security.web.header.writers.CacheControlHeadersWriter;
import org.springframework.security.web.header.writers.HstsHeaderWriter;
import org.springframework.security.web.header.writers.XContentTypeOptionsHeaderWriter;
import org.springframework.security.web.header.writers.XXssProtectionHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter.XFrameOptionsMode;

/**
 * The response headers Spring Security's filter chain adds to every answer by default ({@code HeadersConfigurer}'s
 * writers, in its order): {@code X-Content-Type-Options: nosniff}, {@code X-XSS-Protection: 0}, no caching
 * ({@code Cache-Control}, {@code Pragma}, {@code Expires}), {@code Strict-Transport-Security} on a secure request,
 * {@code X-Frame-Options: DENY}. For a route that answers without the chain (the booking route), written with the
 * chain's own writers so the values cannot drift from it.
 */
public final class SecurityHeaders {

	private static final List<HeaderWriter> WRITERS = List.of(new XContentTypeOptionsHeaderWriter(),
			new XXssProtectionHeaderWriter(), new CacheControlHeadersWriter(), new HstsHeaderWriter(),
			new XFrameOptionsHeaderWriter(XFrameOptionsMode.DENY));

	private SecurityHeaders() {
	}

	/**
	 * Adds the headers, before the response is committed.
	 * @param request the request answered
	 * @param response its response
	 */
	public static void write(HttpServletRequest request, HttpServletResponse response) {
		for (HeaderWriter writer : WRITERS) {
			writer.writeHeaders(request, response);
		}
	}

}
