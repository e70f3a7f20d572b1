package io.minitickets.localstack.postgres;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PostgresUrlsTests {

	@Test
	void replacesTheDatabaseAndKeepsServerAndParameters() {
		assertThat(PostgresUrls.withDatabase("jdbc:postgresql://db.local:5433/postgres?sslmode=disable&foo=bar",
				"minitickets_1a2b3c4d"))
			.isEqualTo("jdbc:postgresql://db.local:5433/minitickets_1a2b3c4d?sslmode=disable&foo=bar");
	}

	@Test
	void addsTheDatabaseToAUrlWithoutOne() {
		assertThat(PostgresUrls.withDatabase("jdbc:postgresql://127.0.0.1:5432", "minitickets_1a2b3c4d"))
			.isEqualTo("jdbc:postgresql://127.0.0.1:5432/minitickets_1a2b3c4d");
	}

	@Test
	void rejectsUrlsOfOtherDatabases() {
		assertThatIllegalArgumentException().isThrownBy(() -> PostgresUrls.withDatabase("jdbc:mysql://x/y", "z"));
	}

}
