package io.minitickets.loadtests.verify;

/**
 * The SQL of {@link PaidFacts}, each over the events given as the one {@code bigint[]} parameter, on the tables of
 * Flyway V5–V7 ({@code bookings}, {@code payments}, {@code refunds}, {@code waitlist_entries}).
 */
final class PaidChecks {

	/**
	 * Invariant 7, "money matches seats": every succeeded payment (a {@code payments} row of kind SUCCEEDED) ends as
	 * one CONFIRMED booking of a paid event ({@code amount > 0}) or one {@code refunds} row (done or pending), so
	 * {@code succeeded = confirmed paid + refunds}; and no paid booking is CONFIRMED without a succeeded payment. A
	 * paid booking CANCELLED after its payment counts once as a refund.
	 */
	static final String MONEY_MISMATCH = """
			with run as (select id, status, amount from bookings where event_id = any(?::bigint[])),
			     succeeded as (select p.booking_id from payments p join run on run.id = p.booking_id
			                   where p.kind = 'SUCCEEDED'),
			     refunded as (select r.booking_id from refunds r join run on run.id = r.booking_id)
			select abs((select count(*) from succeeded)
			           - (select count(*) from run where status = 'CONFIRMED' and amount > 0)
			           - (select count(*) from refunded))
			     + (select count(*) from run where status = 'CONFIRMED' and amount > 0
			        and not exists (select 1 from succeeded s where s.booking_id = run.id))""";

	/**
	 * Invariant 7, "a refund is issued at most once": per booking, the refund rows beyond its succeeded payments.
	 */
	static final String DOUBLE_REFUNDS = """
			select coalesce(sum(greatest(0, r.refunds - coalesce(p.paid, 0))), 0)
			from (select booking_id, count(*) as refunds from refunds
			      where booking_id in (select id from bookings where event_id = any(?::bigint[]))
			      group by booking_id) r
			left join (select booking_id, count(*) as paid from payments where kind = 'SUCCEEDED'
			           group by booking_id) p using (booking_id)""";

	/**
	 * Invariant 8's order: returned seats go to the oldest WAITING entries whose whole quantity fits. An offer
	 * ({@code offered_at}, the offering transaction's start) is a violation when an entry of the same event that is
	 * older in the order of service ({@code joined_at, id}), asked for no more seats than the offer took, had joined
	 * before the offer, and was still waiting then: offered later, or WAITING still. Entries offered in the same
	 * transaction share {@code offered_at} and are not compared; an entry that LEFT without an offer has no leaving
	 * time and is not taken as waiting. An older entry whose user then held or had seats of the event (bookings other
	 * than REJECTED, settled by {@code offered_at} and not ended before it) that with its quantity would pass the
	 * event's {@code per_user_limit} did not fit: the limit counts offers too, so it was passed over rightly.
	 */
	static final String WAITLIST_ORDER_VIOLATIONS = """
			select count(*) from waitlist_entries o join events e on e.id = o.event_id
			where o.event_id = any(?::bigint[]) and o.offered_at is not null
			  and exists (select 1 from waitlist_entries w
			              where w.event_id = o.event_id and (w.joined_at, w.id) < (o.joined_at, o.id)
			                and w.quantity <= o.quantity and w.joined_at < o.offered_at
			                and ((w.offered_at is null and w.state = 'WAITING') or w.offered_at > o.offered_at)
			                and (e.per_user_limit is null or w.quantity + (
			                    select coalesce(sum(b.quantity), 0) from bookings b
			                    where b.event_id = w.event_id and b.user_id = w.user_id and b.status <> 'REJECTED'
			                      and b.settled_at <= o.offered_at
			                      and (b.ended_at is null or b.ended_at > o.offered_at)) <= e.per_user_limit))""";

	private PaidChecks() {
	}

}
