package io.minitickets.core.valkey;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ValkeyUrlTests {

	@Test
	void aClusterUrlNamesEachSeedNode() {
		assertThat(ValkeyUrl.clusterSeeds("redis-cluster://a:7000, b:7001,c:7002"))
			.extracting((uri) -> uri.getHost() + ":" + uri.getPort())
			.containsExactly("a:7000", "b:7001", "c:7002");
	}

	@Test
	void theCredentialsApplyToEveryNode() {
		assertThat(ValkeyUrl.clusterSeeds("redis-cluster://:secret@a:7000,b:7001"))
			.allSatisfy((uri) -> assertThat(new String(uri.getCredentialsProvider().resolveCredentials()
				.block()
				.getPassword())).isEqualTo("secret"));
	}

	@Test
	void onlyTheClusterSchemeSelectsTheClusterClient() {
		assertThat(ValkeyUrl.isCluster("redis-cluster://a:7000")).isTrue();
		assertThat(ValkeyUrl.isCluster("redis://a:6379")).isFalse();
	}

	@Test
	void refusesAClusterUrlWithoutNodes() {
		assertThatIllegalArgumentException().isThrownBy(() -> ValkeyUrl.clusterSeeds("redis-cluster://"));
		assertThatIllegalArgumentException().isThrownBy(() -> ValkeyUrl.clusterSeeds("redis://a:6379"));
	}

}
