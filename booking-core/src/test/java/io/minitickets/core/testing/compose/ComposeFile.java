package io.minitickets.core.testing.compose;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A compose file read as YAML (anchors and {@code <<} merges resolved, {@code ${...}} left as written), so tests can
 * check what it sets without Docker or the compose binary.
 */
public final class ComposeFile {

	/** The file's name at the repository root. */
	public static final String FILE_NAME = "docker-compose.yml";

	private final Path path;

	private final Map<String, Object> document;

	private ComposeFile(Path path, Map<String, Object> document) {
		this.path = path;
		this.document = document;
	}

	/**
	 * Reads {@code docker-compose.yml} at the root of this checkout, found by walking up from the working directory
	 * (a module's directory when Maven runs the tests).
	 * @return the file
	 * @throws IllegalStateException when no parent directory holds both {@code docker-compose.yml} and {@code mvnw}
	 */
	public static ComposeFile atRepositoryRoot() {
		return read(repositoryRoot().resolve(FILE_NAME));
	}

	/**
	 * @return the checkout's root: the nearest directory up from the working directory with {@code docker-compose.yml}
	 * and {@code mvnw}
	 * @throws IllegalStateException when there is none
	 */
	public static Path repositoryRoot() {
		Path start = Path.of("").toAbsolutePath();
		for (Path directory = start; directory != null; directory = directory.getParent()) {
			if (Files.isRegularFile(directory.resolve(FILE_NAME)) && Files.isRegularFile(directory.resolve("mvnw"))) {
				return directory;
			}
		}
		throw new IllegalStateException("No " + FILE_NAME + " beside mvnw in " + start + " or above");
	}

	/**
	 * @param path a compose file
	 * @return the file, parsed
	 * @throws UncheckedIOException when it cannot be read
	 * @throws IllegalArgumentException when it is not a YAML mapping
	 */
	public static ComposeFile read(Path path) {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		try (Reader reader = Files.newBufferedReader(path)) {
			Object document = new Yaml(new SafeConstructor(options)).load(reader);
			if (!(document instanceof Map<?, ?> map)) {
				throw new IllegalArgumentException(path + " is not a YAML mapping");
			}
			return new ComposeFile(path, cast(map));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * @return where the file is
	 */
	public Path path() {
		return this.path;
	}

	/**
	 * @return every service, in the file's order
	 */
	public List<ComposeService> services() {
		List<ComposeService> services = new ArrayList<>();
		mapping(this.document.get("services")).forEach((name, body) -> services.add(service(name, mapping(body))));
		return services;
	}

	/**
	 * @param name a service's name
	 * @return that service
	 * @throws IllegalArgumentException when the file has no such service
	 */
	public ComposeService service(String name) {
		return services().stream()
			.filter((service) -> service.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(this.path + " has no service " + name));
	}

	/**
	 * @param module a Maven module ({@code api-service})
	 * @return the services whose image is built from it (its replicas)
	 */
	public List<ComposeService> servicesBuiltFrom(String module) {
		return services().stream().filter((service) -> module.equals(service.module())).toList();
	}

	/**
	 * @return the services built from this repository's Dockerfile
	 */
	public List<ComposeService> servicesBuiltHere() {
		return services().stream().filter((service) -> service.module() != null).toList();
	}

	/**
	 * @param name a service's name
	 * @return its {@code command}, joined with spaces (a list's items or the one string), or "" when it has none
	 */
	public String command(String name) {
		Object command = mapping(mapping(this.document.get("services")).get(name)).get("command");
		if (command instanceof List<?> list) {
			return String.join(" ", list.stream().map(String::valueOf).toList());
		}
		return (command != null) ? String.valueOf(command) : "";
	}

	private static ComposeService service(String name, Map<String, Object> body) {
		Map<String, Object> build = mapping(body.get("build"));
		Object module = mapping(build.get("args")).get("SERVICE");
		List<String> healthcheck = new ArrayList<>();
		if (mapping(body.get("healthcheck")).get("test") instanceof List<?> test) {
			test.forEach((part) -> healthcheck.add(String.valueOf(part)));
		}
		return new ComposeService(name, (module != null) ? String.valueOf(module) : null,
				environment(body.get("environment")), healthcheck);
	}

	// compose allows both a mapping (NAME: value) and a list (- NAME=value)
	private static Map<String, String> environment(@Nullable Object environment) {
		Map<String, String> variables = new LinkedHashMap<>();
		if (environment instanceof List<?> list) {
			for (Object entry : list) {
				String text = String.valueOf(entry);
				int equals = text.indexOf('=');
				variables.put((equals < 0) ? text : text.substring(0, equals),
						(equals < 0) ? "" : text.substring(equals + 1));
			}
		}
		else {
			mapping(environment).forEach((key, value) -> variables.put(key, (value != null) ? String.valueOf(value) : ""));
		}
		return variables;
	}

	private static Map<String, Object> mapping(@Nullable Object value) {
		return (value instanceof Map<?, ?> map) ? cast(map) : Map.of();
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> cast(Map<?, ?> map) {
		return (Map<String, Object>) map;
	}

}
