package io.minitickets.core.valkey;

import java.util.Arrays;
import java.util.List;

import io.lettuce.core.RedisURI;

/**
 * Reads the Valkey URLs the services accept: {@code redis://host:port} for one node, or
 * {@code redis-cluster://[credentials@]host:port[,host:port…]} for a Valkey Cluster, whose nodes are the seeds the
 * cluster client reads the topology from (any reachable one is enough).
 */
public final class ValkeyUrl {

	/** The scheme that selects Lettuce's cluster client. */
	public static final String CLUSTER_SCHEME = "redis-cluster://";

	private ValkeyUrl() {
	}

	/**
	 * @param url a Valkey URL
	 * @return true when it names a cluster
	 */
	public static boolean isCluster(String url) {
		return url.startsWith(CLUSTER_SCHEME);
	}

	/**
	 * The seed nodes of a cluster URL, each as a {@code redis://} URI carrying the URL's credentials.
	 * @param url a {@code redis-cluster://} URL
	 * @return one URI per node, in the URL's order
	 * @throws IllegalArgumentException when the URL is not a cluster URL or names no node
	 */
	public static List<RedisURI> clusterSeeds(String url) {
		if (!isCluster(url)) {
			throw new IllegalArgumentException("Not a " + CLUSTER_SCHEME + " URL: " + url);
		}
		String rest = url.substring(CLUSTER_SCHEME.length());
		int at = rest.lastIndexOf('@');
		String credentials = (at >= 0) ? rest.substring(0, at + 1) : "";
		String nodes = (at >= 0) ? rest.substring(at + 1) : rest;
		List<RedisURI> seeds = Arrays.stream(nodes.split(","))
			.map(String::strip)
			.filter((node) -> !node.isEmpty())
			.map((node) -> RedisURI.create("redis://" + credentials + node))
			.toList();
		if (seeds.isEmpty()) {
			throw new IllegalArgumentException("No node in " + CLUSTER_SCHEME + " URL: " + url);
		}
		return seeds;
	}

}
