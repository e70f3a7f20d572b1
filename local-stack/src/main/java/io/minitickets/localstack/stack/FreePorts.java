package io.minitickets.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds TCP ports on 127.0.0.1 that nothing listens on, so stacks, tests and helpers on one machine never fight over
 * fixed ports.
 */
public final class FreePorts {

	private FreePorts() {
	}

	/**
	 * Finds distinct free ports by binding them all at once to port 0 and releasing them. Another process may take
	 * one before it is used; the caller's start then fails with a clear bind error rather than a silent clash.
	 * @param count how many ports, at least 1
	 * @return {@code count} distinct port numbers
	 * @throws UncheckedIOException when the machine cannot bind a socket on 127.0.0.1
	 */
	public static List<Integer> allocate(int count) {
		List<ServerSocket> sockets = new ArrayList<>(count);
		try {
			for (int i = 0; i < count; i++) {
				ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				sockets.add(socket);
			}
			return sockets.stream().map(ServerSocket::getLocalPort).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot bind a socket on 127.0.0.1", ex);
		}
		finally {
			sockets.forEach(FreePorts::closeQuietly);
		}
	}

	/**
	 * @return one free port
	 * @throws UncheckedIOException when the machine cannot bind a socket on 127.0.0.1
	 */
	public static int allocate() {
		return allocate(1).get(0);
	}

	private static void closeQuietly(ServerSocket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// a socket that cannot close keeps its port; the next allocation simply gets another one
		}
	}

}
