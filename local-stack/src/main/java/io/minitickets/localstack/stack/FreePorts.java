package io.minitickets.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.jspecify.annotations.Nullable;

/**
 * Finds TCP ports on 127.0.0.1 that nothing listens on, so stacks, tests and helpers on one machine never fight over
 * fixed ports. The ports come from below the kernel's ephemeral range ({@code net.ipv4.ip_local_port_range}, 32768
 * and up by default): a port from that range is also what every outgoing connection of the stack gets as its local
 * port, so one picked there could be taken by a Kafka, Valkey or JDBC client before a service binds it, or before a
 * killed process is restarted on it.
 */
public final class FreePorts {

	/** The lowest port handed out. */
	static final int LOWEST = 20_000;

	private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

	private FreePorts() {
	}

	/**
	 * Finds distinct free ports by binding them all at once and releasing them: ports from {@value #LOWEST} up to
	 * the ephemeral range's start, tried from a random one, or ports the kernel picks (port 0) when that range is
	 * unknown or has none free. Another process may take one before it is used; the caller's start then fails with a
	 * clear bind error rather than a silent clash.
	 * @param count how many ports, at least 1
	 * @return {@code count} distinct port numbers
	 * @throws UncheckedIOException when the machine cannot bind a socket on 127.0.0.1
	 */
	public static List<Integer> allocate(int count) {
		List<ServerSocket> sockets = new ArrayList<>(count);
		try {
			int highest = ephemeralStart() - 1;
			int span = highest - LOWEST + 1;
			int first = (span > 0) ? ThreadLocalRandom.current().nextInt(span) : 0;
			for (int tried = 0; tried < span && sockets.size() < count; tried++) {
				ServerSocket socket = bound(LOWEST + (first + tried) % span);
				if (socket != null) {
					sockets.add(socket);
				}
			}
			while (sockets.size() < count) {
				sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
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

	/**
	 * @return the first port of the kernel's ephemeral range, or {@value #LOWEST} (no range of our own) when it
	 * cannot be read
	 */
	static int ephemeralStart() {
		try {
			// readAllLines, not readString: procfs reports a size of 0, and readString then reads one byte
			String[] range = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+");
			return Integer.parseInt(range[0]);
		}
		catch (IOException | RuntimeException ex) {
			return LOWEST;
		}
	}

	private static @Nullable ServerSocket bound(int port) {
		try {
			return new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			return null;
		}
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
