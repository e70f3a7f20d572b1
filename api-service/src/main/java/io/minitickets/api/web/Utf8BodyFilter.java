package io.minitickets.api.web;

import java.io.IOException;

import io.minitickets.api.problem.Problems;
import io.minitickets.api.problem.RejectedBodyException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body that is not well-formed UTF-8 with 400, as it is read and before the JSON parser decodes a
 * character of it: Jackson decodes an overlong form such as {@code C0 AF} to '/', so {@code "a\xC0\xAFb"} would be
 * stored as {@code a/b}, past any check on the text. The bytes are checked in the reader's own buffer, never copied.
 *
 * @see Utf8Validator
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
class Utf8BodyFilter extends OncePerRequestFilter {

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		chain.doFilter((request.getContentLengthLong() != 0) ? new Utf8Request(request) : request, response);
	}

	/**
	 * @param where where in the body it stopped being UTF-8
	 * @return the 400 to answer
	 */
	static RejectedBodyException malformed(String where) {
		return new RejectedBodyException(Problems.badRequest(
				"The request body is not well-formed UTF-8 " + where + "; JSON must be sent as UTF-8."));
	}

	private static final class Utf8Request extends HttpServletRequestWrapper {

		private @Nullable Utf8InputStream body;

		Utf8Request(HttpServletRequest request) {
			super(request);
		}

		/** One stream per request, as the container gives: its validator follows the body from its first byte. */
		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.body == null) {
				this.body = new Utf8InputStream(super.getInputStream(), getContentLengthLong());
			}
			return this.body;
		}

	}

	private static final class Utf8InputStream extends ServletInputStream {

		private final ServletInputStream in;

		private final long contentLength;

		private final Utf8Validator validator = new Utf8Validator();

		private final byte[] single = new byte[1];

		Utf8InputStream(ServletInputStream in, long contentLength) {
			this.in = in;
			this.contentLength = contentLength;
		}

		@Override
		public int read() throws IOException {
			int n = read(this.single, 0, 1);
			return (n < 0) ? -1 : this.single[0] & 0xFF;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			int n = this.in.read(buffer, offset, length);
			if (n > 0) {
				long malformedAt = this.validator.accept(buffer, offset, n);
				if (malformedAt >= 0) {
					throw malformed("at byte " + malformedAt);
				}
			}
			// A sequence cut short by the end of the body: seen at the declared length, or at the end of a chunked one.
			if ((n < 0 || this.validator.offset() == this.contentLength) && !this.validator.atCharacterBoundary()) {
				throw malformed("at its end, inside a character");
			}
			return n;
		}

		@Override
		public boolean isFinished() {
			return this.in.isFinished();
		}

		@Override
		public boolean isReady() {
			return this.in.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			this.in.setReadListener(listener);
		}

	}

}
