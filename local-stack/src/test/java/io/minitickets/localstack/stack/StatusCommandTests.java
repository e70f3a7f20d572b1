package io.minitickets.localstack.stack;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

class StatusCommandTests {

	@TempDir
	Path directory;

	@Test
	void exitsWithTwoWhenThereIsNoStackToLookAt() {
		int exitCode = new CommandLine(new StatusCommand()).execute("--state", this.directory.toString());

		assertThat(exitCode).isEqualTo(2);
	}

}
