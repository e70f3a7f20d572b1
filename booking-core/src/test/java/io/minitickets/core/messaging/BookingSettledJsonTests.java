package io.minitickets.core.messaging;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bookings.settled} gained its hold fields additively: a record an earlier worker wrote reads as a booking
 * without a hold, and a reader that does not know a field (an earlier version's record type, mimicked by a field this
 * one does not know) ignores it, as Jackson 3 does by default.
 */
class BookingSettledJsonTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void readsARecordOfTheEarlierShapeAsABookingWithoutAHold() {
		UUID id = UUID.randomUUID();
		String earlier = """
				{"bookingId":"%s","eventId":7,"userId":11,"quantity":2,"status":"CONFIRMED","reason":null,
				 "settledAt":"2026-12-03T09:00:00Z"}""".formatted(id);

		BookingSettled settled = JSON.readValue(earlier, BookingSettled.class);

		assertThat(settled).isEqualTo(new BookingSettled(id, 7, 11, 2, BookingStatus.CONFIRMED, null,
				Instant.parse("2026-12-03T09:00:00Z"), null, null, null));
	}

	@Test
	void ignoresFieldsItDoesNotKnowAndKeepsTheHold() {
		BookingSettled held = new BookingSettled(UUID.randomUUID(), 7, 11, 2, BookingStatus.HELD, null,
				Instant.parse("2026-12-03T09:00:00Z"), Instant.parse("2026-12-03T09:10:00Z"), 5_000L, "EUR");
		String later = JSON.writeValueAsString(held).replaceFirst("\\}$", ",\"paymentState\":\"OPEN\"}");

		assertThat(JSON.readValue(later, BookingSettled.class)).isEqualTo(held);
	}

}
