package io.minitickets.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes a stack's state file, {@code stack.json} in its state folder.
 */
public final class StateStore {

	/** The state file's name inside the state folder. */
	public static final String FILE_NAME = "stack.json";

	private final JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private final Path directory;

	/**
	 * @param directory the state folder; created on the first {@link #save}
	 */
	public StateStore(Path directory) {
		this.directory = directory;
	}

	/**
	 * @return the state folder
	 */
	public Path directory() {
		return this.directory;
	}

	/**
	 * @return the state file's path
	 */
	public Path file() {
		return this.directory.resolve(FILE_NAME);
	}

	/**
	 * Reads the state file.
	 * @return the recorded stack, or empty when there is no state file
	 * @throws StackException when the file exists but cannot be read as a stack's state
	 */
	public Optional<StackState> load() {
		if (!Files.exists(file())) {
			return Optional.empty();
		}
		try {
			return Optional.of(this.mapper.readValue(file(), StackState.class));
		}
		catch (JacksonException ex) {
			throw new StackException("The state file " + file() + " is not a stack's state (" + ex.getOriginalMessage()
					+ "); stop its processes by hand and delete it", ex);
		}
	}

	/**
	 * Writes the state file, replacing it atomically so a reader never sees half of it. Only the owner may read it: it
	 * holds the stack's signing key and admin password.
	 * @param state the stack's state
	 * @throws UncheckedIOException when the folder cannot be written
	 */
	public void save(StackState state) {
		try {
			Files.createDirectories(this.directory);
			Path temporary = this.directory.resolve(FILE_NAME + ".tmp");
			this.mapper.writeValue(temporary, state);
			Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
			Files.move(temporary, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + file(), ex);
		}
	}

	/**
	 * Deletes the state file, if there is one.
	 * @throws UncheckedIOException when it cannot be deleted
	 */
	public void delete() {
		try {
			Files.deleteIfExists(file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot delete " + file(), ex);
		}
	}

}
