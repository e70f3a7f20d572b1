package io.minitickets.localstack.valkey;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.minitickets.localstack.stack.StackException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ClusterNodesFileTests {

	@Test
	void readsTheBusPortOfTheMyselfLine(@TempDir Path directory) throws IOException {
		Path file = Files.writeString(directory.resolve("nodes.conf"), """
				5b1e1c3f0b8d2a1f4e9c7d6a5b4c3d2e1f0a9b8c 127.0.0.1:40001@40011,,shard-id=ab12 master - 0 1733101 1 connected 0-5460
				06220ba7e482389f9fe074cf13801208f9b3fdaf 127.0.0.1:40002@40012,,shard-id=cd34 myself,master - 0 0 2 connected 5461-10922
				vars currentEpoch 3 lastVoteEpoch 0
				""");

		assertThat(ClusterNodesFile.busPort(file)).isEqualTo(40012);
	}

	@Test
	void readsALineWithoutHostnameOrShard(@TempDir Path directory) throws IOException {
		Path file = Files.writeString(directory.resolve("nodes.conf"),
				"06220ba7e482389f9fe074cf13801208f9b3fdaf 127.0.0.1:37991@37992 myself,master - 0 0 1 connected 0-16383\n");

		assertThat(ClusterNodesFile.busPort(file)).isEqualTo(37992);
	}

	@Test
	void aFileWithoutMyselfIsAnError(@TempDir Path directory) throws IOException {
		Path file = Files.writeString(directory.resolve("nodes.conf"), "vars currentEpoch 0 lastVoteEpoch 0\n");

		assertThatExceptionOfType(StackException.class).isThrownBy(() -> ClusterNodesFile.busPort(file))
			.withMessageContaining("myself");
	}

}
