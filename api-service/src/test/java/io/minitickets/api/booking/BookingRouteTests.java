package io.minitickets.api.booking;

import io.minitickets.api.problem.ApiException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Which paths the booking route claims, and how it reads their event id.
 */
class BookingRouteTests {

	@Test
	void claimsOnlyTheBookingsOfOneEvent() {
		assertThat(BookingRoute.eventIdSegment("/api/events/42/bookings")).isEqualTo("42");
		assertThat(BookingRoute.eventIdSegment("/api/events/abc/bookings")).isEqualTo("abc");
		assertThat(BookingRoute.eventIdSegment("/api/events/42")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events//bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/42/bookings/")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/4/2/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/42/Bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/42/xbookings")).isNull();
	}

	@Test
	void decodesASegmentAsSpringMvcDid() {
		assertThat(BookingRoute.eventIdSegment("/api/events/%2B42/bookings")).isEqualTo("+42");
		assertThat(BookingRoute.eventIdSegment("/api/events/%34%32/bookings")).isEqualTo("42");
		assertThat(BookingRoute.eventIdSegment("/api/events/%EF%BC%91/bookings")).isEqualTo("\uFF11");
	}

	@Test
	void leavesSegmentsTheFirewallJudgesToTheChain() {
		assertThat(BookingRoute.eventIdSegment("/api/events/%2F42/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/%2542/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/%2E%2E/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/%3B42/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/4%0A2/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/4%E2%80%A82/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/%zz/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/42;x=1/bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/../bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/./bookings")).isNull();
		assertThat(BookingRoute.eventIdSegment("/api/events/4\\2/bookings")).isNull();
	}

	@Test
	void readsEventIdsOnlyAsDigitsWithoutALeadingZero() {
		assertThat(BookingRequestReader.eventId("42")).isEqualTo(42);
		assertThat(BookingRequestReader.eventId("0")).isZero();
		assertThat(BookingRequestReader.eventId("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
		for (String invalid : new String[] { "abc", "0x1", "+1", "-1", "-", "1-", "042", "00", " 1", "1 ", "\t1",
				"9223372036854775808", "99999999999999999999", "\uFF11", "" }) {
			assertThatExceptionOfType(ApiException.class).isThrownBy(() -> BookingRequestReader.eventId(invalid))
				.withMessage("'eventId' must be an id: decimal digits without a leading zero, at most "
						+ "9223372036854775807, not '" + invalid + "'.");
		}
	}

}
