package io.minitickets.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric table of {@code docs/OPERATIONS.md} (section {@code ## Metrics}): each row's Prometheus name and the
 * services that expose it, so that each service's test can check its scrape against the runbook and a renamed or
 * missing metric fails a build.
 */
public final class DocumentedMetrics {

	private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9_]+)` \\| ([a-z, -]+) \\|");

	private DocumentedMetrics() {
	}

	/**
	 * The Prometheus names the runbook documents for a service.
	 * @param service {@code api-service}, {@code booking-worker} or {@code reconciler}
	 * @return the names as written in the table's first column
	 * @throws IllegalStateException when the runbook or its table cannot be found
	 */
	public static List<String> of(String service) {
		List<String> names = new ArrayList<>();
		boolean inSection = false;
		for (String line : runbook()) {
			if (line.startsWith("## ")) {
				inSection = line.equals("## Metrics");
				continue;
			}
			Matcher row = ROW.matcher(line);
			if (inSection && row.find() && List.of(row.group(2).split(",\\s*")).contains(service)) {
				names.add(row.group(1));
			}
		}
		if (names.isEmpty()) {
			throw new IllegalStateException("docs/OPERATIONS.md documents no metric of " + service);
		}
		return names;
	}

	/**
	 * The documented names that a Prometheus scrape lacks. A name is present when a sample starts with it, followed
	 * by its labels, a space, or a timer's or summary's {@code _count}, {@code _sum}, {@code _max} or {@code _bucket}.
	 * @param service the service
	 * @param scrape the body of its {@code /actuator/prometheus}
	 * @return the missing names; empty when all are there
	 */
	public static List<String> missingFrom(String service, String scrape) {
		return of(service).stream()
			.filter((name) -> !Pattern.compile("(?m)^" + Pattern.quote(name) + "(_count|_sum|_max|_bucket)?[{ ]")
				.matcher(scrape)
				.find())
			.toList();
	}

	private static List<String> runbook() {
		Path directory = Path.of("").toAbsolutePath();
		while (directory != null) {
			Path candidate = directory.resolve("docs/OPERATIONS.md");
			if (Files.isRegularFile(candidate)) {
				try {
					return Files.readAllLines(candidate);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
			directory = directory.getParent();
		}
		throw new IllegalStateException("docs/OPERATIONS.md not found above " + Path.of("").toAbsolutePath());
	}

}
