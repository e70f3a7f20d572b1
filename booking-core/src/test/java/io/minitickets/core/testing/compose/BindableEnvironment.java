package io.minitickets.core.testing.compose;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which environment variables a Spring Boot service binds, from its class path: every property in the
 * {@code META-INF/spring-configuration-metadata.json} files there (the service's and booking-core's
 * {@code @ConfigurationProperties}, written by the configuration processor, and Spring Boot's own), under the
 * environment names Spring Boot's relaxed binding derives from them, plus the variables the service's own
 * {@code application.yml} / {@code application.properties} read through a {@code ${NAME:default}} placeholder (how
 * the design's {@code INVENTORY_GATE_ENABLED} and {@code TRUST_PROXY_HOPS} are mapped).
 * <p>
 * Relaxed binding (Spring Boot reference, "Binding From Environment Variables"): {@code minitickets.rate-limit.
 * trust-proxy-hops} binds from {@code MINITICKETS_RATELIMIT_TRUSTPROXYHOPS} (dots become underscores, dashes go) and,
 * in the legacy form the README uses, {@code MINITICKETS_RATE_LIMIT_TRUST_PROXY_HOPS} (dashes become underscores too).
 * A {@code Map} property binds every variable below its name ({@code SPRING_KAFKA_PROPERTIES_...}).
 */
public final class BindableEnvironment {

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static final List<String> APPLICATION_FILES = List.of("application.yml", "application.yaml",
			"application.properties");

	/** {@code ${NAME}} or {@code ${NAME:default}} where NAME looks like an environment variable. */
	private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]");

	private final Set<String> variables;

	private final Set<String> mapPrefixes;

	private BindableEnvironment(Set<String> variables, Set<String> mapPrefixes) {
		this.variables = variables;
		this.mapPrefixes = mapPrefixes;
	}

	/**
	 * Collects what a service binds from the metadata and application files on a class path.
	 * @param classLoader the service's class path (a test's own class loader, in the service's module)
	 * @return the bindable variables
	 * @throws UncheckedIOException when a file cannot be read
	 */
	public static BindableEnvironment of(ClassLoader classLoader) {
		Set<String> variables = new TreeSet<>();
		Set<String> mapPrefixes = new TreeSet<>();
		JsonMapper json = JsonMapper.builder().build();
		for (String metadata : read(classLoader, METADATA)) {
			for (JsonNode property : json.readTree(metadata).path("properties")) {
				String name = property.path("name").asString();
				variables.addAll(environmentNames(name));
				if (property.path("type").asString("").startsWith("java.util.Map<")) {
					environmentNames(name).forEach((variable) -> mapPrefixes.add(variable + "_"));
				}
			}
		}
		for (String file : APPLICATION_FILES) {
			for (String text : read(classLoader, file)) {
				Matcher placeholder = PLACEHOLDER.matcher(text);
				while (placeholder.find()) {
					variables.add(placeholder.group(1));
				}
			}
		}
		return new BindableEnvironment(variables, mapPrefixes);
	}

	/**
	 * The environment variable names Spring Boot binds to a property.
	 * @param property a property's canonical name ({@code minitickets.gate.lease-ttl})
	 * @return {@code MINITICKETS_GATE_LEASETTL} and {@code MINITICKETS_GATE_LEASE_TTL} (one name when it has no dash)
	 */
	public static Set<String> environmentNames(String property) {
		String upper = property.toUpperCase(Locale.ROOT).replace('.', '_');
		return new TreeSet<>(List.of(upper.replace("-", ""), upper.replace('-', '_')));
	}

	/**
	 * @param variable an environment variable's name
	 * @return whether the service binds it to a configuration property
	 */
	public boolean binds(String variable) {
		return this.variables.contains(variable)
				|| this.mapPrefixes.stream().anyMatch((prefix) -> variable.startsWith(prefix));
	}

	/**
	 * @param variables the names of the variables a service is given
	 * @return those it binds to nothing, sorted; empty when every one binds
	 */
	public List<String> unbound(Collection<String> variables) {
		return variables.stream().filter((variable) -> !binds(variable)).sorted().toList();
	}

	/**
	 * @return how many variable names bind (a sanity figure: zero means no metadata was found)
	 */
	public int size() {
		return this.variables.size();
	}

	private static List<String> read(ClassLoader classLoader, String resource) {
		try {
			Enumeration<URL> urls = classLoader.getResources(resource);
			return Collections.list(urls).stream().map(BindableEnvironment::text).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String text(URL url) {
		try (InputStream in = url.openStream()) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + url, ex);
		}
	}

}
