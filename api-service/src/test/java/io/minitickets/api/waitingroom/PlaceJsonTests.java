package io.minitickets.api.waitingroom;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.minitickets.core.waitingroom.PlaceState;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The position answer's JSON, written without Jackson, is byte for byte what the JSON mapper writes for the same place:
 * every state, every field present or left out, instants of any precision, text that needs escaping.
 */
class PlaceJsonTests {

	private final JsonMapper mapper = JsonMapper.builder().build();

	@Test
	void writesEveryPlaceAsTheJsonMapperDoes() {
		UUID id = UUID.randomUUID();
		Instant drawAt = Instant.parse("2026-12-05T21:00:00Z");
		Instant until = Instant.ofEpochMilli(1_796_000_000_123L);
		List<PlaceView> places = new ArrayList<>();
		for (boolean soldOut : new boolean[] { false, true }) {
			for (boolean paused : new boolean[] { false, true }) {
				String waitlist = soldOut ? "/api/events/42/waitlist" : null;
				places.add(new PlaceView(id, 42, PlaceState.PRE_QUEUE, null, null, null, drawAt, false, null, null,
						100_000, soldOut, waitlist, paused));
				places.add(new PlaceView(id, 42, PlaceState.WAITING, 1L, 0L, 1L, null, false, null, null, 1, soldOut,
						waitlist, paused));
				places.add(new PlaceView(id, Long.MAX_VALUE, PlaceState.WAITING, 99_999L, 99_998L, null, null, false,
						null, null, 99_999, soldOut, waitlist, paused));
				places.add(new PlaceView(id, 42, PlaceState.ADMITTED, null, null, null, null, true, until,
						"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl_-", 0, soldOut, waitlist, paused));
				places.add(new PlaceView(id, 42, PlaceState.EXPIRED, null, null, null, null, true,
						Instant.parse("2026-12-05T21:00:00.000001Z"), null, 3, soldOut, waitlist, paused));
				places.add(new PlaceView(id, 0, PlaceState.DROPPED, null, null, null, null, false, null, null, 0,
						soldOut, waitlist, paused));
			}
		}
		places.add(new PlaceView(id, 1, PlaceState.ADMITTED, null, null, null, null, true,
				Instant.parse("2026-12-05T21:00:00.100Z"), "q\"b\\s/\n\r\t\b\f\u0001\u001fé€", 0, false, null, false));

		for (PlaceView place : places) {
			assertThat(new String(PlaceJson.bytes(place), StandardCharsets.UTF_8)).as(place.toString())
				.isEqualTo(new String(this.mapper.writeValueAsBytes(place), StandardCharsets.UTF_8));
		}
	}

}
