package io.minitickets.core.testing.compose;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One service of a compose file, as far as the tests need it.
 *
 * @param name the service's name ({@code api-service-1})
 * @param module the Maven module its image is built from (the {@code SERVICE} build argument of the repository's
 * Dockerfile), or null for a service that runs someone else's image (Postgres, Kafka, ...)
 * @param environment the variables set on it, after YAML anchors and merges, values as written (not interpolated)
 * @param healthcheck the healthcheck's {@code test} command, empty when it has none
 */
public record ComposeService(String name, @Nullable String module, Map<String, String> environment,
		List<String> healthcheck) {
}
