package io.minitickets.api.ratelimit;

import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Component;

/**
 * Finds the client address that the per-IP login bucket is keyed on, as {@link IpAddressKey} writes it: an IPv4
 * address, or an IPv6 address's /64.
 * <p>
 * With {@code trustProxyHops = n}, the chain is every X-Forwarded-For entry followed by the socket peer, and the
 * client is the entry n places from the right: each trusted proxy appends the address it saw, so the rightmost n
 * entries are written by our proxies and anything further left may be the client's own invention. With n = 0, or a
 * chain shorter than n + 1, or an entry that is not an IP address, the socket peer is used: a client cannot choose
 * its own key by writing the header.
 */
@Component
public class ClientIpResolver {

	private final int trustProxyHops;

	/**
	 * @param properties where the trusted hop count comes from
	 */
	public ClientIpResolver(RateLimitProperties properties) {
		this.trustProxyHops = properties.trustProxyHops();
	}

	/**
	 * @param request the HTTP request
	 * @return the client's bucket key: an IPv4 address, or an IPv6 address's /64 ({@code 2001:db8:0:0::/64})
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
	 * @return the client's bucket key: an IPv4 address, or an IPv6 address's /64
	 */
	String resolve(String socketPeer, List<String> forwardedForHeaders) {
		String peer = IpAddressKey.of(socketPeer).orElse(socketPeer);
		if (this.trustProxyHops == 0) {
			return peer;
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
			return peer;
		}
		return IpAddressKey.of(chain.get(index)).orElse(peer);
	}

}
