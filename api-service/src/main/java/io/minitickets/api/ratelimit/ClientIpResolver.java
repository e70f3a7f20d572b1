package io.minitickets.api.ratelimit;

import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

/**
 * Finds the client IP that the per-IP login bucket is keyed on.
 * <p>
 * With {@code trustProxyHops = n}, the chain is every X-Forwarded-For entry followed by the socket peer, and the
 * client is the entry n places from the right: each trusted proxy appends the address it saw, so the rightmost n
 * entries are written by our proxies and anything further left may be the client's own invention. With n = 0, or a
 * chain shorter than n + 1, or an entry that is not an IP literal, the socket peer is used: a client cannot choose
 * its own IP by writing the header.
 */
@Component
public class ClientIpResolver {

	private static final Pattern IP_LITERAL = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}|[0-9a-fA-F:.]{2,45}");

	private final int trustProxyHops;

	/**
	 * @param properties where the trusted hop count comes from
	 */
	public ClientIpResolver(RateLimitProperties properties) {
		this.trustProxyHops = properties.trustProxyHops();
	}

	/**
	 * @param request the HTTP request
	 * @return the client IP, as text
	 */
	public String resolve(HttpServletRequest request) {
		List<String> forwardedFor = new ArrayList<>();
		Enumeration<String> headers = request.getHeaders("X-Forwarded-For");
		while (headers != null && headers.hasMoreElements()) {
			forwardedFor.add(headers.nextElement());
		}
		return resolve(request.getRemoteAddr(), forwardedFor);
	}

	/**
	 * @param socketPeer the TCP peer's address
	 * @param forwardedForHeaders every X-Forwarded-For header value, in order
	 * @return the client IP, as text
	 */
	String resolve(String socketPeer, List<String> forwardedForHeaders) {
		if (this.trustProxyHops == 0) {
			return socketPeer;
		}
		List<String> chain = new ArrayList<>();
		for (String header : forwardedForHeaders) {
			for (String entry : header.split(",")) {
				chain.add(entry.strip());
			}
		}
		chain.add(socketPeer);
		int index = chain.size() - 1 - this.trustProxyHops;
		if (index < 0) {
			return socketPeer;
		}
		String candidate = chain.get(index);
		return IP_LITERAL.matcher(candidate).matches() ? candidate : socketPeer;
	}

}
