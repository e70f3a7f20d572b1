package io.minitickets.localstack.stack;

import java.nio.file.Path;

/**
 * The services of the pipeline, each a Spring Boot application built as {@code <module>/target/<module>-exec.jar}.
 */
public enum Service {

	/** The HTTP API; it migrates the schema, so it starts first. */
	API_SERVICE("api-service"),

	/** Settles bookings from Kafka in Postgres. */
	BOOKING_WORKER("booking-worker"),

	/** Repairs drift between the Valkey gate and Postgres. */
	RECONCILER("reconciler");

	private final String module;

	Service(String module) {
		this.module = module;
	}

	/**
	 * @return the Maven module's name, also the process's name in the stack
	 */
	public String module() {
		return this.module;
	}

	/**
	 * @param checkout the checkout's root folder
	 * @return the runnable jar's path
	 */
	public Path jar(Path checkout) {
		return checkout.resolve(this.module).resolve("target").resolve(this.module + "-exec.jar");
	}

}
