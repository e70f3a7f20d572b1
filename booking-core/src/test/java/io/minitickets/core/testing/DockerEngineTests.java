package io.minitickets.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class DockerEngineTests {

	@TempDir
	Path home;

	@Test
	void answersNoAtOnceWhenNothingSaysAnEngineIsThere() {
		DockerEngine engine = new DockerEngine(Map.of(), this.home, this.home.resolve("docker.sock"));
		Instant start = Instant.now();

		assertThat(engine.configured()).isFalse();
		assertThat(engine.answers()).isFalse();
		assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(1));
	}

	@Test
	void isConfiguredByDockerHostOrAnyKnownSocketOrTestcontainersProperties() throws IOException {
		Path systemSocket = this.home.resolve("system-docker.sock");
		Path runtime = Files.createDirectories(this.home.resolve("run-user"));

		assertThat(new DockerEngine(Map.of("DOCKER_HOST", "tcp://127.0.0.1:2375"), this.home, systemSocket)
			.configured()).isTrue();
		assertThat(new DockerEngine(Map.of("XDG_RUNTIME_DIR", runtime.toString()), this.home, systemSocket)
			.configured()).isFalse();
		Files.createFile(runtime.resolve("docker.sock"));
		assertThat(new DockerEngine(Map.of("XDG_RUNTIME_DIR", runtime.toString()), this.home, systemSocket)
			.configured()).isTrue();
		Files.createFile(systemSocket);
		assertThat(new DockerEngine(Map.of(), this.home, systemSocket).configured()).isTrue();
		Files.delete(systemSocket);
		Files.createFile(this.home.resolve(".testcontainers.properties"));
		assertThat(new DockerEngine(Map.of(), this.home, systemSocket).configured()).isTrue();
	}

}
