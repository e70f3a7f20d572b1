package io.minitickets.localstack.stack;

/**
 * What a process of the stack is, which decides the order it is stopped in: services first, so they can still flush
 * to the infrastructure they use.
 */
public enum ProcessKind {

	/** Kafka, an embedded Postgres or a started Valkey. */
	INFRASTRUCTURE,

	/** api-service, booking-worker or reconciler. */
	SERVICE

}
