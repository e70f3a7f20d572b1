package io.minitickets.loadtests.bench.http;

/**
 * The requests of a load run, as the bytes sent on the wire.
 */
@FunctionalInterface
public interface RequestSource {

	/**
	 * @param index the request's number in the run, from 0
	 * @return the whole HTTP/1.1 request (request line, headers, body); not modified afterwards
	 */
	byte[] request(long index);

}
