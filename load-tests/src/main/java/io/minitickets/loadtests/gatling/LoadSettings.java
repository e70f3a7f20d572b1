package io.minitickets.loadtests.gatling;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.minitickets.loadtests.client.LoadUser;

/**
 * The configuration layer of the simulations: what {@code ./minitickets load} prepared for a run, handed to the
 * simulation as system properties (Gatling instantiates simulations itself, without arguments).
 *
 * @param baseUrl api-service's base URL ({@code minitickets.load.base-url})
 * @param eventId the event on sale ({@code minitickets.load.event-id})
 * @param users the users' ids and access tokens, one {@code id,token} line each ({@code minitickets.load.users},
 * a file)
 * @param rate the peak arrival rate, users per second ({@code minitickets.load.rate})
 * @param duration how long the injection lasts ({@code minitickets.load.duration}, seconds)
 */
public record LoadSettings(String baseUrl, long eventId, List<LoadUser> users, double rate, Duration duration) {

	/** The system property prefix. */
	public static final String PREFIX = "minitickets.load.";

	/**
	 * @return the settings of the running JVM
	 * @throws IllegalStateException naming a missing property: the simulations run through {@code ./minitickets load},
	 * which creates the event and the users first
	 * @throws UncheckedIOException when the users file cannot be read
	 */
	public static LoadSettings current() {
		return new LoadSettings(required("base-url"), Long.parseLong(required("event-id")),
				read(Path.of(required("users"))), Double.parseDouble(required("rate")),
				Duration.ofSeconds(Long.parseLong(required("duration"))));
	}

	/**
	 * @param baseUrl api-service's base URL
	 * @param eventId the event on sale
	 * @param usersFile the users file
	 * @param rate peak users per second
	 * @param duration the injection's length (whole seconds are used)
	 * @return the system properties that {@link #current()} reads
	 */
	public static Map<String, String> properties(String baseUrl, long eventId, Path usersFile, double rate,
			Duration duration) {
		return Map.of(PREFIX + "base-url", baseUrl, PREFIX + "event-id", Long.toString(eventId), PREFIX + "users",
				usersFile.toAbsolutePath().toString(), PREFIX + "rate", Double.toString(rate), PREFIX + "duration",
				Long.toString(duration.toSeconds()));
	}

	/**
	 * @param file where to write the users, one {@code id,token} line each
	 * @param users the users
	 * @throws UncheckedIOException when it cannot be written
	 */
	public static void write(Path file, List<LoadUser> users) {
		try {
			Files.write(file, users.stream().map((user) -> user.id() + "," + user.token()).toList());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + file, ex);
		}
	}

	private static List<LoadUser> read(Path file) {
		try {
			return Files.readAllLines(file).stream().filter((line) -> !line.isBlank()).map((line) -> {
				int comma = line.indexOf(',');
				return new LoadUser(Long.parseLong(line.substring(0, comma)), line.substring(comma + 1));
			}).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the users file " + file, ex);
		}
	}

	private static String required(String name) {
		String value = System.getProperty(PREFIX + name);
		if (value == null || value.isBlank()) {
			throw new IllegalStateException("System property " + PREFIX + name + " is not set: run the simulation "
					+ "with ./minitickets load SIMULATION, which creates its event and users first");
		}
		return value;
	}

}
