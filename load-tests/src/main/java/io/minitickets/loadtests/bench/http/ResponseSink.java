package io.minitickets.loadtests.bench.http;

import io.netty.handler.codec.http.FullHttpResponse;
import org.jspecify.annotations.Nullable;

/**
 * Told of every answer of a load run, on the generator's event-loop thread: it must be quick and must not block.
 */
@FunctionalInterface
public interface ResponseSink {

	/** Ignores every answer. */
	ResponseSink IGNORE = (index, status, response) -> {
	};

	/**
	 * @param index the request's number in the run
	 * @param status the HTTP status, 0 when the connection closed before an answer
	 * @param response the answer, valid only during the call; null when there was none
	 */
	void answered(long index, int status, @Nullable FullHttpResponse response);

}
