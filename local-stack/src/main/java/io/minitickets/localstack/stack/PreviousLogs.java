package io.minitickets.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Keeps the log of a process that ended before it is started again under the same name: the log tells why it ended.
 */
public final class PreviousLogs {

	private PreviousLogs() {
	}

	/**
	 * Moves a process's log aside as {@code <name>.previous.log} in the same folder (replacing an older one).
	 * @param recorded the process that ended
	 * @return its log's path, free for the restarted process
	 * @throws UncheckedIOException when the log cannot be moved
	 */
	public static Path keep(ManagedProcess recorded) {
		Path log = Path.of(recorded.logFile());
		try {
			if (Files.exists(log)) {
				Files.move(log, log.resolveSibling(recorded.name() + ".previous.log"),
						StandardCopyOption.REPLACE_EXISTING);
			}
			return log;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot keep " + log + " as the previous log", ex);
		}
	}

}
