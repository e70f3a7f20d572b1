package io.minitickets.core.testing;

import java.nio.file.Path;
import java.util.Map;

import io.minitickets.core.testing.InfrastructureChoice.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class InfrastructureChoiceTests {

	private final FakeDocker answering = new FakeDocker(true);

	private final FakeDocker silent = new FakeDocker(false);

	@Test
	void autoRunsOnContainersWhenDockerAnswersAndNoServiceIsConfigured() {
		InfrastructureChoice choice = InfrastructureChoice.decide(Map.of(), this.answering);

		assertThat(choice.mode()).isEqualTo(Mode.CONTAINERS);
		assertThat(choice.reason()).contains("Docker engine answers");
	}

	@Test
	void autoRunsLocallyWhenNoDockerEngineAnswers() {
		assertThat(InfrastructureChoice.decide(Map.of("MINITICKETS_TEST_INFRA", "auto"), this.silent).mode())
			.isEqualTo(Mode.LOCAL);
		assertThat(this.silent.asked).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "MINITICKETS_TEST_POSTGRES_URL", "MINITICKETS_TEST_VALKEY_URL" })
	void autoRunsLocallyWithoutAskingDockerWhenAServiceUrlIsSet(String url) {
		InfrastructureChoice choice = InfrastructureChoice.decide(Map.of(url, "somewhere"), this.answering);

		assertThat(choice.mode()).isEqualTo(Mode.LOCAL);
		assertThat(choice.reason()).contains(url);
		assertThat(this.answering.asked).isFalse();
	}

	@Test
	void aBlankServiceUrlOrSwitchCountsAsUnset() {
		assertThat(InfrastructureChoice
			.decide(Map.of("MINITICKETS_TEST_INFRA", " ", "MINITICKETS_TEST_VALKEY_URL", ""), this.answering)
			.mode()).isEqualTo(Mode.CONTAINERS);
	}

	@Test
	void localAndContainersAreObeyedWithoutAskingDocker() {
		assertThat(InfrastructureChoice.decide(Map.of("MINITICKETS_TEST_INFRA", "local"), this.answering).mode())
			.isEqualTo(Mode.LOCAL);
		assertThat(InfrastructureChoice.decide(Map.of("MINITICKETS_TEST_INFRA", "Containers"), this.silent).mode())
			.isEqualTo(Mode.CONTAINERS);
		assertThat(this.answering.asked).isFalse();
		assertThat(this.silent.asked).isFalse();
	}

	@Test
	void refusesAnUnknownSwitchValueNamingTheAcceptedOnes() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> InfrastructureChoice.decide(Map.of("MINITICKETS_TEST_INFRA", "docker"), this.answering))
			.withMessage("MINITICKETS_TEST_INFRA=docker is not one of auto, local, containers");
	}

	private static final class FakeDocker extends DockerEngine {

		private final boolean answer;

		private boolean asked;

		FakeDocker(boolean answer) {
			super(Map.of(), Path.of("/nonexistent"), Path.of("/nonexistent"));
			this.answer = answer;
		}

		@Override
		public boolean answers() {
			this.asked = true;
			return this.answer;
		}

	}

}
