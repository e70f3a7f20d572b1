package io.minitickets.localstack.stack;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The last lines of a log file, for error messages that show why a process did not come up.
 */
public final class LogTail {

	private static final int MAX_BYTES = 16 * 1024;

	private LogTail() {
	}

	/**
	 * Reads the last lines of a file, looking at most at its last 16 KiB.
	 * @param file the log file
	 * @param lines how many lines at most
	 * @return the lines joined by newlines, each indented by two spaces; a note when the file cannot be read
	 */
	public static String of(Path file, int lines) {
		try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
			long length = in.length();
			int size = (int) Math.min(length, MAX_BYTES);
			byte[] bytes = new byte[size];
			in.seek(length - size);
			in.readFully(bytes);
			List<String> all = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\\R"));
			List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
			return String.join("\n", last.stream().map((line) -> "  " + line).toList());
		}
		catch (IOException ex) {
			return "  (cannot read " + file + ": " + ex.getMessage() + ")";
		}
	}

}
