package io.minitickets.localstack.valkey;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.minitickets.localstack.stack.StackException;

/**
 * Reads a cluster node's own {@code nodes.conf}, which Valkey writes and rewrites on its own.
 *
 * @see <a href="https://valkey.io/commands/cluster-nodes/">CLUSTER NODES</a> (the file has the same lines)
 */
final class ClusterNodesFile {

	/** The {@code myself} line's address: {@code host:port@busport[,hostname]}. */
	private static final Pattern MYSELF = Pattern.compile("^\\S+ \\S*:\\d+@(\\d+)\\S* (?:\\S+,)?myself[, ]",
			Pattern.MULTILINE);

	private ClusterNodesFile() {
	}

	/**
	 * @param file a node's {@code nodes.conf}
	 * @return the node's cluster bus port, as the file records it
	 * @throws StackException when the file cannot be read or has no {@code myself} line
	 */
	static int busPort(Path file) {
		String content;
		try {
			content = Files.readString(file);
		}
		catch (IOException ex) {
			throw new StackException("Cannot read the cluster node's " + file + ": " + ex.getMessage(), ex);
		}
		Matcher myself = MYSELF.matcher(content);
		if (!myself.find()) {
			throw new StackException(file + " names no node as myself");
		}
		return Integer.parseInt(myself.group(1));
	}

}
