package io.minitickets.localstack.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class StartLogsTests {

	@TempDir
	Path logs;

	@Test
	void eachStartOfAProcessGetsALogOfItsOwnNumberedFromTheSecond() throws IOException {
		Path first = StartLogs.next(this.logs, "booking-worker");
		Files.writeString(first, "first start");
		Path second = StartLogs.next(this.logs, "booking-worker");
		Files.writeString(second, "armed start");

		assertThat(first.getFileName()).hasToString("booking-worker.log");
		assertThat(second.getFileName()).hasToString("booking-worker.2.log");
		assertThat(StartLogs.next(this.logs, "booking-worker").getFileName()).hasToString("booking-worker.3.log");
		assertThat(StartLogs.next(this.logs, "api-service").getFileName()).hasToString("api-service.log");
		assertThat(first).hasContent("first start");
	}

}
