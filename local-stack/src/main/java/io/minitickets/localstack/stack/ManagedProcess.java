package io.minitickets.localstack.stack;

import java.time.Instant;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * A process the stack started, as recorded in its state file.
 *
 * @param name the name it is known by in the state file and in {@code status}, for example {@code api-service}
 * @param kind infrastructure or service
 * @param pid the operating system's process id
 * @param startedAt when the operating system says it started; with the pid, it tells the process from a later one that
 * reuses the pid. Null when the operating system does not say
 * @param logFile the file its standard output and error go to
 * @param url where clients reach it (HTTP base URL, Kafka bootstrap servers, JDBC or redis URL); null when none
 * @param healthUrl the HTTP health endpoint that answers 200 {@code {"status":"UP"}} when ready; null when it has none
 */
public record ManagedProcess(String name, ProcessKind kind, long pid, @Nullable Instant startedAt, String logFile,
		@Nullable String url, @Nullable String healthUrl) {

	/**
	 * The live process this record describes.
	 * @return its handle, or empty when it is no longer running (or its pid now belongs to another process)
	 */
	public Optional<ProcessHandle> handle() {
		return ProcessHandle.of(this.pid)
			.filter(ProcessHandle::isAlive)
			.filter((handle) -> this.startedAt == null
					|| this.startedAt.equals(handle.info().startInstant().orElse(this.startedAt)));
	}

	/**
	 * @return true while the process runs, false once it ended
	 */
	public boolean running() {
		return handle().isPresent();
	}

}
