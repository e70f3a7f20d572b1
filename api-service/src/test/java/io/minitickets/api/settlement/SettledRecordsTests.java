package io.minitickets.api.settlement;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import io.minitickets.core.messaging.BookingSettled;
import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.messaging.RejectionReason;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class SettledRecordsTests {

	private static final UUID BOOKING = UUID.fromString("0b5c3f5e-9d1a-4c2e-8f00-a1b2c3d4e5f6");

	@Test
	void theBookingIdIsReadFromTheWorkersRecordWithoutParsingTheRest() {
		ByteBuffer value = written(new BookingSettled(BOOKING, 7, 9, 1, BookingStatus.REJECTED,
				RejectionReason.SOLD_OUT, Instant.parse("2026-12-03T15:00:00Z"), null, null, null));

		assertThat(SettledRecords.bookingId(value)).isEqualTo(BOOKING);
		assertThat(value.position()).as("the buffer is left as it was").isZero();
		assertThat(SettledRecords.change(value)).isEqualTo(new SettledChange(BOOKING, BookingStatus.REJECTED));
	}

	@Test
	void aBookingIdInAnotherLayoutIsStillFound() {
		ByteBuffer spaced = utf8("{ \"status\" : \"CONFIRMED\", \"bookingId\" : \"" + BOOKING + "\" }");

		assertThat(SettledRecords.bookingId(spaced)).isEqualTo(BOOKING);
		assertThat(SettledRecords.change(spaced)).isEqualTo(new SettledChange(BOOKING, BookingStatus.CONFIRMED));
	}

	@Test
	void aRecordThatIsNotASettlementReadsAsNothing() {
		assertThat(SettledRecords.bookingId(utf8("not json"))).isNull();
		assertThat(SettledRecords.bookingId(utf8("{\"bookingId\":\"not-a-uuid-at-all-but-36-characters-x\"}")))
			.isNull();
		assertThat(SettledRecords.bookingId(utf8("{\"bookingId\":\"0b5c"))).isNull();
		assertThat(SettledRecords.bookingId(null)).isNull();
		assertThat(SettledRecords.change(utf8("{\"bookingId\":\"" + BOOKING + "\",\"status\":\"LOST\"}"))).isNull();
		assertThat(SettledRecords.change(utf8("{\"bookingId\":\"" + BOOKING + "\"}"))).isNull();
	}

	private static ByteBuffer written(BookingSettled settled) {
		return ByteBuffer.wrap(JsonMapper.builder().build().writeValueAsBytes(settled));
	}

	private static ByteBuffer utf8(String text) {
		return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
	}

}
