package io.minitickets.loadtests.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The commands' {@code --json FILE} reports: records rendered as indented JSON, one file each.
 */
public final class JsonFiles {

	private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private JsonFiles() {
	}

	/**
	 * @param report a record (or anything Jackson serializes by its accessors)
	 * @return it as indented JSON
	 */
	public static String render(Object report) {
		return MAPPER.writeValueAsString(report);
	}

	/**
	 * @param report a record (or anything Jackson serializes by its accessors)
	 * @param file where to write it as JSON; its folder is created when missing
	 * @throws UncheckedIOException when the file cannot be written
	 */
	public static void write(Object report, Path file) {
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
