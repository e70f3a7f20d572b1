package io.minitickets.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The metric table of {@code docs/OPERATIONS.md} (section {@code ## Metrics}): each row's Prometheus name and the
 * services that expose it, so that each service's test can check its scrape against the runbook and a renamed or
 * missing metric fails a build.
 */
public final class DocumentedMetrics {

	private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9_]+)` \\| ([a-z, -]+) \\|");

	/** One tag of a row's tags column: {@code `key` = `value`, `value`…}. */
	private static final Pattern TAG = Pattern.compile("`([a-z_]+)`(?: = ((?:`[^`]*`(?:, )?)+))?");

	/** One quoted value of a tag's list. */
	private static final Pattern VALUE = Pattern.compile("`([^`]*)`");

	/** One sample of a scrape: its name and its labels. */
	private static final Pattern SAMPLE = Pattern.compile("(?m)^([a-z0-9_]+)(?:\\{([^}]*)\\})? ");

	/** One label of a sample. */
	private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

	/** Labels Prometheus's exposition adds to timers and summaries, not tags of the meter. */
	private static final Set<String> EXPOSITION_LABELS = Set.of("le", "quantile");

	private DocumentedMetrics() {
	}

	/**
	 * The tags of the project's own metrics ({@code minitickets_…}) in a scrape that the runbook's table does not list:
	 * a tag key the row does not name, or a value its list ({@code `key` = `a`, `b`}) lacks. Metrics of Spring and
	 * Kafka ({@code http_server_requests_seconds}, {@code kafka_…}) carry open-ended values and are not checked.
	 * @param service the service
	 * @param scrape the body of its {@code /actuator/prometheus}
	 * @return {@code name{key="value"}} for each undocumented tag, in the order found; empty when all are documented
	 */
	public static List<String> undocumentedTagsIn(String service, String scrape) {
		Map<String, Map<String, Set<String>>> documented = tagsOf(service);
		Set<String> undocumented = new LinkedHashSet<>();
		Matcher sample = SAMPLE.matcher(scrape);
		while (sample.find()) {
			String name = documentedName(sample.group(1), documented);
			if (name == null || !name.startsWith("minitickets_") || sample.group(2) == null) {
				continue;
			}
			Matcher label = LABEL.matcher(sample.group(2));
			while (label.find()) {
				String key = label.group(1);
				Set<String> values = documented.get(name).get(key);
				if (!EXPOSITION_LABELS.contains(key) && (values == null || !values.contains(label.group(2)))) {
					undocumented.add(name + "{" + key + "=\"" + label.group(2) + "\"}");
				}
			}
		}
		return List.copyOf(undocumented);
	}

	private static @Nullable String documentedName(String sample, Map<String, Map<String, Set<String>>> documented) {
		for (String suffix : List.of("", "_count", "_sum", "_max", "_bucket")) {
			if (sample.endsWith(suffix)) {
				String name = sample.substring(0, sample.length() - suffix.length());
				if (documented.containsKey(name)) {
					return name;
				}
			}
		}
		return null;
	}

	/**
	 * @param service the service
	 * @return per documented name, its tag keys and each key's listed values (empty when the row lists none)
	 */
	private static Map<String, Map<String, Set<String>>> tagsOf(String service) {
		Map<String, Map<String, Set<String>>> tags = new LinkedHashMap<>();
		boolean inSection = false;
		for (String line : runbook()) {
			if (line.startsWith("## ")) {
				inSection = line.equals("## Metrics");
				continue;
			}
			Matcher row = ROW.matcher(line);
			if (inSection && row.find() && List.of(row.group(2).split(",\\s*")).contains(service)) {
				String column = line.substring(row.end()).split(" \\| ", 2)[0];
				Map<String, Set<String>> keys = new LinkedHashMap<>();
				Matcher tag = TAG.matcher(column);
				while (tag.find()) {
					Set<String> values = new LinkedHashSet<>();
					if (tag.group(2) != null) {
						Matcher value = VALUE.matcher(tag.group(2));
						while (value.find()) {
							values.add(value.group(1));
						}
					}
					keys.put(tag.group(1), values);
				}
				tags.put(row.group(1), keys);
			}
		}
		return tags;
	}

	/**
	 * The Prometheus names the runbook documents for a service.
	 * @param service {@code api-service}, {@code booking-worker} or {@code reconciler}
	 * @return the names as written in the table's first column
	 * @throws IllegalStateException when the runbook or its table cannot be found
	 */
	public static List<String> of(String service) {
		List<String> names = List.copyOf(tagsOf(service).keySet());
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
