package io.minitickets.loadtests.chaos;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.minitickets.localstack.stack.Service;

import static org.assertj.core.api.Assertions.fail;

/**
 * The checkout whose services' jars a fault-injection test runs, checked to be built.
 */
final class BuiltServices {

	/** The project's root, seen from the load-tests module's folder where Maven runs its tests. */
	static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

	private BuiltServices() {
	}

	/**
	 * Fails the test at once, naming the missing jars, when a service is not built.
	 */
	static void require() {
		List<Path> missing = List.of(Service.values())
			.stream()
			.map((service) -> service.jar(CHECKOUT))
			.filter((jar) -> !Files.isRegularFile(jar))
			.toList();
		if (!missing.isEmpty()) {
			fail("The fault-injection run needs the services' jars, missing: " + missing
					+ ". Build them first: ./mvnw -B -DskipTests package (./mvnw verify does it before load-tests)");
		}
	}

}
