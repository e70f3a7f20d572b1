package io.minitickets.loadtests.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.minitickets.localstack.stack.StackException;

/**
 * The CPU time a process has used, from {@code /proc/<pid>/stat} (utime + stime): the figure noise from other
 * processes on a shared machine does not inflate, unlike wall-clock throughput.
 *
 * @param pid the process
 */
public record CpuClock(long pid) {

	private static final long TICKS_PER_SECOND = ticksPerSecond();

	/**
	 * @return the process's user + system CPU time so far, in µs (at the kernel's tick resolution, usually 10 ms)
	 * @throws StackException when the process is gone or /proc cannot be read
	 */
	public long micros() {
		try {
			String stat = Files.readString(Path.of("/proc", Long.toString(this.pid), "stat"));
			// the fields after the command name, which may hold spaces and parentheses: state is field 3
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
			return ticks * 1_000_000 / TICKS_PER_SECOND;
		}
		catch (IOException | RuntimeException ex) {
			throw new StackException("Cannot read the CPU time of process " + this.pid + ": " + ex, ex);
		}
	}

	private static long ticksPerSecond() {
		try {
			Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
			try (InputStream output = getconf.getInputStream()) {
				return Long.parseLong(new String(output.readAllBytes(), StandardCharsets.US_ASCII).trim());
			}
		}
		catch (IOException | NumberFormatException ex) {
			return 100; // Linux's USER_HZ on every common architecture
		}
	}

}
