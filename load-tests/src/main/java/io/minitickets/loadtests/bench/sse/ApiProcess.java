package io.minitickets.loadtests.bench.sse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.minitickets.localstack.stack.StackException;

/**
 * api-service's process seen from outside: its live heap after a full collection (through {@code jcmd}, the JDK's
 * own tool, of the JDK this bench runs on, which is the one the stack starts services with) and its open-files limit.
 *
 * @param pid the process
 */
public record ApiProcess(long pid) {

	/** The heap line of {@code GC.heap_info}, whatever the collector: {@code ... used 123456K ...}. */
	private static final Pattern USED = Pattern.compile("used (\\d+)K");

	private static final Pattern OPEN_FILES = Pattern.compile("(?m)^Max open files\\s+(\\S+)");

	/**
	 * Runs a full collection ({@code jcmd PID GC.run}, twice: the first may leave what finalization frees) and reads
	 * the heap in use after it.
	 * @return bytes of heap in use after the collection
	 * @throws StackException when jcmd fails or prints no heap line
	 */
	public long heapAfterGc() {
		jcmd("GC.run");
		jcmd("GC.run");
		String info = jcmd("GC.heap_info");
		Matcher used = USED.matcher(info);
		if (!used.find()) {
			throw new StackException("jcmd " + this.pid + " GC.heap_info printed no heap line: " + info);
		}
		return Long.parseLong(used.group(1)) * 1024;
	}

	/**
	 * @return the process's soft limit of open files ({@code /proc/PID/limits}); {@link Long#MAX_VALUE} when unlimited
	 * @throws StackException when /proc cannot be read
	 */
	public long openFilesLimit() {
		return openFilesLimit(Path.of("/proc", Long.toString(this.pid), "limits"));
	}

	/**
	 * @return this JVM's (the load generator's) soft limit of open files
	 * @throws StackException when /proc cannot be read
	 */
	public static long ownOpenFilesLimit() {
		return openFilesLimit(Path.of("/proc/self/limits"));
	}

	private static long openFilesLimit(Path limits) {
		try {
			Matcher line = OPEN_FILES.matcher(Files.readString(limits));
			if (!line.find()) {
				throw new StackException(limits + " has no line 'Max open files'");
			}
			return line.group(1).equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(line.group(1));
		}
		catch (IOException ex) {
			throw new StackException("Cannot read " + limits + ": " + ex.getMessage(), ex);
		}
	}

	private String jcmd(String command) {
		Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
		try {
			Process process = new ProcessBuilder(jcmd.toString(), Long.toString(this.pid), command)
				.redirectErrorStream(true)
				.start();
			byte[] output = process.getInputStream().readAllBytes();
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new StackException("jcmd " + this.pid + " " + command + " failed: "
						+ new String(output, StandardCharsets.UTF_8));
			}
			return new String(output, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new StackException("Cannot run " + jcmd + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while running jcmd", ex);
		}
	}

}
