package io.minitickets.api.booking;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PreferWaitTests {

	@Test
	void readsTheWaitPreferenceAmongOthers() {
		assertThat(PreferWait.seconds(List.of("respond-async, wait=10"), 30)).isEqualTo(10);
		assertThat(PreferWait.seconds(List.of("return=minimal", "WAIT = \"5\""), 30)).isEqualTo(5);
		assertThat(PreferWait.seconds(List.of("wait=7;foo=bar"), 30)).isEqualTo(7);
	}

	@Test
	void capsAWaitAboveTheMost() {
		assertThat(PreferWait.seconds(List.of("wait=3600"), 30)).isEqualTo(30);
		assertThat(PreferWait.seconds(List.of("wait=99999999999999999999"), 30)).isEqualTo(30);
	}

	@Test
	void ignoresAWaitThatIsNotAWholeNumberOfSeconds() {
		assertThat(PreferWait.seconds(List.of("wait=-1"), 30)).isNull();
		assertThat(PreferWait.seconds(List.of("wait=soon"), 30)).isNull();
		assertThat(PreferWait.seconds(List.of("wait"), 30)).isNull();
		assertThat(PreferWait.seconds(List.of("respond-async"), 30)).isNull();
		assertThat(PreferWait.seconds(List.of(), 30)).isNull();
	}

}
