package io.minitickets.localstack.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the demo's report as JSON:
 * {@code {"scenario":{"seats","users","requests"},"runs":[{"gate", "requests", "accepted", ...}]}}.
 */
final class DemoJson {

	private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private DemoJson() {
	}

	/**
	 * @param report the demo's result
	 * @return it as JSON
	 */
	static String render(DemoReport report) {
		return MAPPER.writeValueAsString(report);
	}

	/**
	 * @param report the demo's result
	 * @param file where to write it; its folder is created when missing
	 * @throws UncheckedIOException when the file cannot be written
	 */
	static void write(DemoReport report, Path file) {
		try {
			Path folder = file.toAbsolutePath().getParent();
			if (folder != null) {
				Files.createDirectories(folder);
			}
			Files.writeString(file, render(report) + "\n");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + file, ex);
		}
	}

}
