package io.minitickets.localstack.chaos;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One log file per process start in a run's log folder: the first start of a process writes {@code <name>.log},
 * each later one {@code <name>.<n>.log} ({@code booking-worker.2.log} for the second start, …), so starting a process
 * again never overwrites the log that tells why the one before it ended, nor what an armed one did.
 */
final class StartLogs {

	private StartLogs() {
	}

	/**
	 * @param directory the run's log folder
	 * @param name the process's name
	 * @return the log of the process's next start: the first of {@code <name>.log}, {@code <name>.2.log}, … that does
	 * not exist yet
	 */
	static Path next(Path directory, String name) {
		Path log = directory.resolve(name + ".log");
		for (int start = 2; Files.exists(log); start++) {
			log = directory.resolve(name + "." + start + ".log");
		}
		return log;
	}

}
