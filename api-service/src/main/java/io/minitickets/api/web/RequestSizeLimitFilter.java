package io.minitickets.api.web;

import java.io.IOException;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.ProblemWriter;
import io.minitickets.api.security.SecurityHeaders;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.problem.RejectedBodyException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits request bodies to {@link ApiProperties#maxRequestBytes()}: a declared length over the limit is refused at
 * once with 413, and a body without one (chunked) fails with 413 as soon as it passes the limit while being read.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestSizeLimitFilter extends OncePerRequestFilter {

	private final long limitBytes;

	private final ProblemWriter problemWriter;

	RequestSizeLimitFilter(ApiProperties properties, ProblemWriter problemWriter) {
		this.limitBytes = properties.maxRequestBytes().toBytes();
		this.problemWriter = problemWriter;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		ApiException problem = RequestChecks.declaredSize(request, this.limitBytes);
		if (problem != null) {
			// answered before the security chain, with the headers it gives every answer
			SecurityHeaders.write(request, response);
			this.problemWriter.write(request, response, problem);
			return;
		}
		chain.doFilter(new LimitedRequest(request, this.limitBytes), response);
	}

	private static final class LimitedRequest extends HttpServletRequestWrapper {

		private final long limitBytes;

		LimitedRequest(HttpServletRequest request, long limitBytes) {
			super(request);
			this.limitBytes = limitBytes;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			ServletInputStream in = super.getInputStream();
			return new ServletInputStream() {

				private long read;

				@Override
				public int read() throws IOException {
					int b = in.read();
					count((b >= 0) ? 1 : 0);
					return b;
				}

				@Override
				public int read(byte[] buffer, int offset, int length) throws IOException {
					int n = in.read(buffer, offset, length);
					count(Math.max(n, 0));
					return n;
				}

				private void count(int n) throws RejectedBodyException {
					this.read += n;
					if (this.read > LimitedRequest.this.limitBytes) {
						throw new RejectedBodyException(Problems.tooLarge(LimitedRequest.this.limitBytes));
					}
				}

				@Override
				public boolean isFinished() {
					return in.isFinished();
				}

				@Override
				public boolean isReady() {
					return in.isReady();
				}

				@Override
				public void setReadListener(ReadListener listener) {
					in.setReadListener(listener);
				}
			};
		}

	}

}
