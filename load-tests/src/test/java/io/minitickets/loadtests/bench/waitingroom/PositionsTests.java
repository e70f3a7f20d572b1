package io.minitickets.loadtests.bench.waitingroom;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.loadtests.client.LoadUser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The auto rush's customers asking their position round robin: those already through the line are skipped, so that
 * the ones still waiting are read more often as it empties (none of them dropped as abandoned).
 */
class PositionsTests {

	private final Places places = new Places(URI.create("http://127.0.0.1:8080"), 7);

	private final List<LoadUser> owners = List.of(new LoadUser(1, "t1"), new LoadUser(2, "t2"), new LoadUser(3, "t3"));

	private final List<String> placeIds = List.of("p1", "p2", "p3");

	@Test
	void everyPlaceIsReadInTurn() {
		Positions positions = new Positions(this.places, this.owners, this.placeIds);

		assertThat(read(positions, 7)).containsExactly("p1", "p2", "p3", "p1", "p2", "p3", "p1");
	}

	@Test
	void placesThroughTheLineAreNoLongerRead() {
		AtomicInteger through = new AtomicInteger();
		Positions positions = new Positions(this.places, this.owners, this.placeIds, through::get);

		List<String> read = new ArrayList<>(read(positions, 2));
		through.set(2);
		read.addAll(read(positions, 3));

		assertThat(read).containsExactly("p1", "p2", "p3", "p3", "p3");
	}

	private static List<String> read(Positions positions, int count) {
		List<String> read = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String request = new String(positions.request(i), StandardCharsets.US_ASCII);
			read.add(request.substring(request.indexOf("/queue/") + 7, request.indexOf(" HTTP/1.1")));
		}
		return read;
	}

}
