package io.minitickets.localstack.stack;

/**
 * The stack's Valkey.
 *
 * @param url the redis:// URL the services use
 * @param keyPrefix prepended to every key the services write; unique to the stack on a shared server, empty on a
 * server of its own
 * @param shared true when the server is the configured one that others use too (the stack's keys are deleted on
 * {@code down}, never the others'); false when the stack started a server of its own
 */
public record ValkeyEndpoint(String url, String keyPrefix, boolean shared) {

}
