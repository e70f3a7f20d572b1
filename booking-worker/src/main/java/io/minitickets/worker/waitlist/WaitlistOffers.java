package io.minitickets.worker.waitlist;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

import io.minitickets.core.messaging.BookingStatus;
import io.minitickets.core.status.CachedBooking;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Hands returned seats to the waiting list (DESIGN.md, "After the 202", invariant 8). Everything here runs in the
 * transaction that freed the seats, under the event's row lock, so the seats move from the ended bookings to the
 * offers without ever being free in {@code seats_sold}, and an offer is made once: the entry leaves WAITING in the
 * same commit.
 */
@Component
public class WaitlistOffers {

	private static final String OLDEST_FITTING = """
			select w.id, w.user_id, w.quantity from waitlist_entries w
			where w.event_id = ? and w.state = 'WAITING' and w.quantity <= ?
			  and w.quantity + (select coalesce(sum(b.quantity), 0) from bookings b
			                    where b.event_id = w.event_id and b.user_id = w.user_id
			                      and b.status in ('HELD', 'CONFIRMED'))
			      <= coalesce((select e.per_user_limit from events e where e.id = w.event_id), 2147483647)
			order by w.joined_at, w.id limit 1 for update of w""";

	private static final String LIVE = """
			select exists (select 1 from waitlist_entries where event_id = ? and state in ('WAITING', 'OFFERED'))""";

	private static final String TERMS = "select price, currency, offer_seconds from events where id = ?";

	private static final String OFFER = """
			insert into bookings (id, event_id, user_id, quantity, status, gated, requested_at, hold_expires_at, amount,
			                      currency)
			values (?, ?, ?, ?, ?, false, now(), now() + make_interval(secs => ?), ?, ?)
			returning settled_at, hold_expires_at""";

	private static final String MARK = """
			update waitlist_entries set state = ?, offer_booking_id = ?, offered_at = now()
			where id = ? and state = 'WAITING'""";

	private static final String ENDED = """
			update waitlist_entries set state = ? where state = 'OFFERED' and offer_booking_id = any(?)""";

	private static final String TAKEN = """
			update waitlist_entries set state = 'TAKEN'
			where offer_booking_id = ? and state in ('OFFERED', 'EXPIRED')""";

	private final JdbcTemplate jdbc;

	private final WaitlistMetrics metrics;

	WaitlistOffers(JdbcTemplate jdbc, WaitlistMetrics metrics) {
		this.jdbc = jdbc;
		this.metrics = metrics;
	}

	/**
	 * Whether the event has a waiting list to serve: an entry WAITING, or OFFERED (whose offer may be among the bookings
	 * that end). When it has none, {@link #offersEnded} and {@link #offer} would change nothing, and a chunk of
	 * expiry skips them (docs/BENCHMARKS.md, "Expiry"). One probe of {@code waitlist_entries_live_key}. Must run in the
	 * transaction that locked the event's row: an entry that joins after it is answered as any join after the seats
	 * went back to the gate.
	 * @param eventId the event
	 * @return true when it has an entry WAITING or OFFERED
	 */
	public boolean anyLive(long eventId) {
		return Boolean.TRUE.equals(this.jdbc.queryForObject(LIVE, Boolean.class, eventId));
	}

	/**
	 * Offers freed seats to the event's oldest WAITING entries whose whole quantity fits in what is left of them; an
	 * entry that does not fit is passed over, not waited for, so smaller entries behind it are served. Each offer is
	 * a new booking of the entry's user (see {@link WaitlistOffer}); the entry becomes OFFERED (TAKEN for a free
	 * event) and names it. The per-user limit counts offers too (issue 16, item 5): an entry whose quantity and its
	 * user's HELD and CONFIRMED seats of the event would pass the event's {@code per_user_limit} is passed over as well
	 * and keeps its place (it is served once the user holds fewer). One query per offer made, plus one; an event
	 * without waiting entries costs one index probe.
	 * The entry's row is locked as it is read, so a customer leaving the list at that moment either leaves first
	 * (the entry is not offered) or after (the offer stays theirs).
	 * Must run in the transaction that locked the event's row and freed the seats; the caller takes only the seats no
	 * offer took off {@code seats_sold}.
	 * @param eventId the event
	 * @param freed seats the transaction freed
	 * @return the offers made, oldest entry first; their quantities sum to at most {@code freed}
	 */
	public List<WaitlistOffer> offer(long eventId, int freed) {
		List<WaitlistOffer> offers = new ArrayList<>();
		int left = freed;
		@Nullable Terms terms = null;
		Optional<Entry> entry = oldestFitting(eventId, left);
		while (entry.isPresent()) {
			if (terms == null) {
				terms = terms(eventId);
			}
			WaitlistOffer offer = offer(eventId, entry.get(), terms);
			offers.add(offer);
			left -= offer.quantity();
			entry = (left > 0) ? oldestFitting(eventId, left) : Optional.empty();
		}
		return offers;
	}

	/**
	 * Ends the entries whose offers just ended: EXPIRED when the offer's hold passed unpaid, LEFT when its customer
	 * cancelled it. Must run in the transaction that ended the bookings.
	 * @param bookingIds the bookings the transaction ended; those that were no offer change nothing
	 * @param status what they became: EXPIRED, CANCELLED or REFUNDED (an operator refunded a booking)
	 * @return how many entries ended
	 */
	public int offersEnded(List<UUID> bookingIds, BookingStatus status) {
		if (bookingIds.isEmpty()) {
			return 0;
		}
		String state = (status == BookingStatus.EXPIRED) ? "EXPIRED" : "LEFT";
		return this.jdbc.update(ENDED, state, bookingIds.toArray(UUID[]::new));
	}

	/**
	 * Marks the entry whose offer a payment just confirmed TAKEN (also when the payment came after the offer expired
	 * and found its seats still free), and counts it after the commit. Must run in the transaction that confirmed
	 * the booking.
	 * @param bookingId the booking confirmed; one that was no offer changes nothing
	 */
	public void offerTaken(UUID bookingId) {
		if (this.jdbc.update(TAKEN, bookingId) > 0) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					WaitlistOffers.this.metrics.taken();
				}
			});
		}
	}

	private Optional<Entry> oldestFitting(long eventId, int left) {
		return this.jdbc
			.query(OLDEST_FITTING, (rs, row) -> new Entry(rs.getLong(1), rs.getLong(2), rs.getInt(3)), eventId, left)
			.stream()
			.findFirst();
	}

	private Terms terms(long eventId) {
		return this.jdbc.queryForObject(TERMS,
				(rs, row) -> new Terms(rs.getLong(1), rs.getString(2), rs.getInt(3)), eventId);
	}

	private WaitlistOffer offer(long eventId, Entry entry, Terms terms) {
		UUID bookingId = UUID.randomUUID();
		boolean paid = terms.price() > 0;
		BookingStatus status = paid ? BookingStatus.HELD : BookingStatus.CONFIRMED;
		Long amount = paid ? terms.price() * entry.quantity() : null;
		WaitlistOffer offer = this.jdbc.queryForObject(OFFER, (rs, row) -> {
			OffsetDateTime expiresAt = rs.getObject("hold_expires_at", OffsetDateTime.class);
			return new WaitlistOffer(entry.id(), bookingId, eventId, entry.userId(), entry.quantity(), status,
					rs.getObject("settled_at", OffsetDateTime.class).toInstant(),
					(paid && expiresAt != null && amount != null)
							? new CachedBooking.Hold(expiresAt.toInstant(), amount, terms.currency()) : null);
		}, bookingId, eventId, entry.userId(), entry.quantity(), status.name(), paid ? terms.offerSeconds() : null,
				amount, paid ? terms.currency() : null);
		this.jdbc.update(MARK, paid ? "OFFERED" : "TAKEN", bookingId, entry.id());
		return Objects.requireNonNull(offer);
	}

	private record Entry(long id, long userId, int quantity) {
	}

	private record Terms(long price, @Nullable String currency, int offerSeconds) {
	}

}
