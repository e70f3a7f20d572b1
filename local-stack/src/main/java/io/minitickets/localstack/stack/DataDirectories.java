package io.minitickets.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Data folders inside the state folder (Kafka's log dirs, an embedded Postgres, a started Valkey): fresh for each
 * stack, deleted when it stops.
 */
public final class DataDirectories {

	private DataDirectories() {
	}

	/**
	 * Deletes a folder with everything in it, then creates it empty.
	 * @param directory the folder
	 * @return the folder
	 * @throws UncheckedIOException when it cannot be deleted or created
	 */
	public static Path fresh(Path directory) {
		delete(directory);
		try {
			return Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create " + directory, ex);
		}
	}

	/**
	 * Deletes a folder with everything in it; does nothing when it does not exist.
	 * @param directory the folder
	 * @throws UncheckedIOException when it cannot be deleted
	 */
	public static void delete(Path directory) {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot delete " + directory, ex);
		}
	}

}
