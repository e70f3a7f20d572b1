package io.minitickets.api.board;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads the paid-sale panel of the board's paid events in one Postgres query: per event, its open holds, the holds
 * expired since the sample before, its waiting list and offers, its payments by what the worker made of them and its
 * refunds. Each figure is counted through an index of its table by event or booking (the worker's meters are in the
 * worker's JVM and count all events together, so the board reads the truth they count instead).
 */
final class PaidSales {

	private static final String PANEL = """
			select e.id,
			       (select count(*) from bookings b where b.event_id = e.id and b.status = 'HELD') as holds_open,
			       (select count(*) from bookings b
			        where b.event_id = e.id and b.ended_at > :since and b.status = 'EXPIRED') as expired,
			       w.waiting, w.made, w.taken, p.applied, p.refunded, p.declined, r.pending, r.issued
			from events e
			cross join lateral (select count(*) filter (where state = 'WAITING') as waiting,
			                           count(*) filter (where offer_booking_id is not null) as made,
			                           count(*) filter (where state = 'TAKEN') as taken
			                    from waitlist_entries where event_id = e.id) w
			cross join lateral (select count(*) filter (where p.outcome = 'CONFIRMED') as applied,
			                           count(*) filter (where p.outcome = 'REFUNDED') as refunded,
			                           count(*) filter (where p.outcome = 'FAILED_RECORDED') as declined
			                    from payments p join bookings b on b.id = p.booking_id where b.event_id = e.id) p
			cross join lateral (select count(*) filter (where r.done_at is null) as pending,
			                           count(*) filter (where r.done_at is not null) as issued
			                    from refunds r join bookings b on b.id = r.booking_id where b.event_id = e.id) r
			where e.id in (:ids)""";

	private final JdbcClient jdbc;

	/**
	 * @param jdbc Postgres
	 */
	PaidSales(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param eventIds the paid events to read, at least one
	 * @param since when the sample before was taken; null for the first sample (no expiry rate then)
	 * @param at when this sample is taken
	 * @return event id → its panel
	 * @throws org.springframework.dao.DataAccessException when Postgres fails
	 */
	Map<Long, PaidSaleReading> read(Collection<Long> eventIds, @Nullable Instant since, Instant at) {
		double seconds = (since != null) ? Math.max(Duration.between(since, at).toMillis(), 1) / 1000.0 : 0;
		return this.jdbc.sql(PANEL)
			.param("ids", eventIds)
			.param("since", Timestamp.from((since != null) ? since : at))
			.query((row, index) -> Map.entry(row.getLong("id"), new PaidSaleReading(row.getLong("holds_open"),
					(since != null) ? row.getLong("expired") / seconds : null, row.getLong("waiting"),
					row.getLong("made"), row.getLong("taken"), row.getLong("applied"), row.getLong("refunded"),
					row.getLong("declined"), row.getLong("pending"), row.getLong("issued"))))
			.list()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
	}

}
