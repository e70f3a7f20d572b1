package io.minitickets.core.reconcile;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

import io.minitickets.core.inventory.GateSnapshot;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.LeaseOutcome;
import io.minitickets.core.inventory.ReconcileResult;
import io.minitickets.core.inventory.SettleResult;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * Reconciles one event's inventory gate with Postgres: settles expired and orphaned leases, then sets the counter to
 * {@code capacity − confirmed − live leases} with a compare-and-set, so that a racing reserve or settle can never
 * make the gate admit more than the truth (DESIGN.md, invariant 4). The reconciler's passes and {@code ops reconcile}
 * both run it.
 * <p>
 * Logs one {@code inventory reconciliation} line (event, before, after, cause) per repair, at INFO: repairs are an
 * expected part of running on a gate that can lose state. Lease entries that do not parse are moved to the event's
 * quarantine hash by the compare-and-set and logged at WARN with their values; the other steps skip them.
 */
public class EventReconciler {

	private static final Logger logger = LoggerFactory.getLogger(EventReconciler.class);

	private final InventoryGate gate;

	private final InventoryTruths truths;

	private final int expiredLeasesPerEvent;

	private final Duration orphanGrace;

	private final ExpiredLeaseRejections rejections;

	/**
	 * @param gate the inventory gate
	 * @param truths Postgres
	 * @param rejections how the bookings of expired leases that Postgres does not have are rejected before release
	 * @param expiredLeasesPerEvent the most expired leases one reconcile settles for one event
	 * @param orphanGrace the least age of a lease whose booking the orphan step looks up in Postgres (a younger one's
	 * worker settle is normally still to come); zero looks up every live lease
	 */
	public EventReconciler(InventoryGate gate, InventoryTruths truths, ExpiredLeaseRejections rejections,
			int expiredLeasesPerEvent, Duration orphanGrace) {
		this.gate = gate;
		this.truths = truths;
		this.rejections = rejections;
		this.expiredLeasesPerEvent = expiredLeasesPerEvent;
		this.orphanGrace = orphanGrace;
	}

	/**
	 * Checks and repairs one event's gate.
	 * <p>
	 * The leases are read once ({@link InventoryGate#snapshot}, after the expired ones were settled): the orphan step
	 * asks Postgres which of them it settled, and the counter's repair asks which of them it confirmed, with the
	 * version read afresh after the orphans' settles and before that read of Postgres. The compare-and-set's safety
	 * does not depend on when the lease ids were read (see {@link #repairCounter(long)}): a lease reserved since is
	 * only not asked about, so it stays counted, which can hold seats back until the next pass but never admits more
	 * than the truth. Valkey so walks an event's leases once a pass, this read, in chunks; the compare-and-set's
	 * script reads the event's leased total instead of walking them.
	 * @param eventId the event
	 * @return what the counter's compare-and-set did and every repair made
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 * @throws DataAccessException when Postgres fails, or the event does not exist
	 */
	public EventReconcile reconcile(long eventId) {
		List<Repair> repairs = new ArrayList<>();
		expireLeases(eventId, repairs);
		GateSnapshot snapshot = this.gate.snapshot(eventId);
		settleOrphanedLeases(eventId, snapshot.leases(), repairs);
		return repairCounter(eventId, this.gate.version(eventId), snapshot.leases().keySet(), snapshot.unparseable(),
				repairs);
	}

	/**
	 * The exact repair of the counter alone (the last step of {@link #reconcile}). The snapshot (version, then leases)
	 * comes before the read of Postgres: if no settle bumped the version since, every lease that is gone was settled
	 * after its Postgres commit, so it is counted in capacity − confirmed; see {@code scripts/reconcile-inventory.lua}.
	 * Only confirmed leased bookings are passed as settled: a rejected one keeps its lease counted until its settle
	 * gives the seats back. The script counts every live lease through the event's leased total; the ones read here
	 * only decide which bookings Postgres is asked about, so a lease missing from them is counted, never dropped.
	 * @param eventId the event
	 * @return what the compare-and-set did, and the repair if it made one
	 * @throws ValkeyUnavailableException when the gate's Valkey cannot answer in time
	 * @throws DataAccessException when Postgres fails, or the event does not exist
	 */
	public EventReconcile repairCounter(long eventId) {
		GateSnapshot snapshot = this.gate.snapshot(eventId);
		return repairCounter(eventId, snapshot.version(), snapshot.leases().keySet(), snapshot.unparseable(),
				new ArrayList<>());
	}

	/**
	 * @param version the event's version, read before Postgres is
	 * @param leased the leases to ask Postgres about
	 * @param unparseable the lease entries read that do not parse, for the script to quarantine and the WARN line
	 */
	private EventReconcile repairCounter(long eventId, long version, Set<UUID> leased, Map<String, String> unparseable,
			List<Repair> repairs) {
		EventTruth truth = this.truths.truth(eventId, leased);
		ReconcileResult result = this.gate.reconcile(eventId, version, truth.capacityLeft(),
				truth.leasedAndConfirmed(), truth.ended(), unparseable.keySet());
		if (result.quarantined() > 0) {
			logger.warn("inventory reconciliation event={} moved {} lease entries that do not parse to its quarantine "
					+ "hash, uncounted: {}", eventId, result.quarantined(), unparseable);
		}
		if (result.changed()) {
			boolean loaded = result.kind() == ReconcileResult.Kind.LOADED;
			Repair repair = new Repair(loaded ? RepairCause.MISSING_COUNTER : RepairCause.DRIFT,
					loaded ? "missing" : Long.toString(result.before()), Long.toString(result.truth()), 1,
					loaded ? 0 : Math.abs(result.truth() - result.before()));
			repairs.add(repair);
			logger.info("inventory reconciliation event={} before={} after={} cause={}", eventId, repair.before(),
					repair.after(), repair.cause());
		}
		return new EventReconcile(result, truth, List.copyOf(repairs));
	}

	/**
	 * An expired lease is settled with Postgres's outcome, or released when Postgres has no booking. Before a release
	 * the booking is recorded as rejected ({@link ExpiredLeaseRejections}), so that a late copy from the queue cannot
	 * be confirmed on seats the gate gave back; a booking the worker committed since Postgres was read wins that
	 * insert, and its lease is settled with its outcome instead (issue 19, item 9). Reads only the expired leases'
	 * seats, not the event's every lease.
	 */
	private void expireLeases(long eventId, List<Repair> repairs) {
		List<UUID> expired = this.gate.expiredLeases(eventId, this.expiredLeasesPerEvent);
		if (expired.isEmpty()) {
			return;
		}
		Map<UUID, Integer> leases = this.gate.leaseSeats(eventId, expired);
		Map<UUID, SettledBooking> settled = new HashMap<>(this.truths.findSettled(eventId, expired));
		Set<UUID> rejected = rejectUnsettled(eventId, leases, settled);
		Map<UUID, Settlement> settlements = new LinkedHashMap<>();
		for (UUID bookingId : expired) {
			SettledBooking booking = settled.get(bookingId);
			int leasedSeats = leases.getOrDefault(bookingId, 0);
			if (booking != null) {
				settlements.put(bookingId, new Settlement(booking.outcome(), booking.quantity(), leasedSeats));
			}
			else if (rejected.contains(bookingId) || leasedSeats == 0) {
				settlements.put(bookingId, new Settlement(LeaseOutcome.RELEASED, leasedSeats, leasedSeats));
			}
		}
		settle(eventId, RepairCause.EXPIRED_LEASE, settlements, repairs);
	}

	/**
	 * Rejects in Postgres the bookings of the expired leases it does not have; adds to {@code settled} those the
	 * worker committed meanwhile.
	 * @return the bookings rejected now, whose leases may be released
	 */
	private Set<UUID> rejectUnsettled(long eventId, Map<UUID, Integer> leases, Map<UUID, SettledBooking> settled) {
		Map<UUID, ExpiredLeaseRejections.ExpiredLease> unsettled = new HashMap<>();
		Map<UUID, Long> users = this.gate.leaseUsers(eventId,
				leases.keySet().stream().filter((bookingId) -> !settled.containsKey(bookingId)).toList());
		leases.forEach((bookingId, seats) -> {
			if (!settled.containsKey(bookingId)) {
				unsettled.put(bookingId,
						new ExpiredLeaseRejections.ExpiredLease(seats, users.getOrDefault(bookingId, 0L)));
			}
		});
		Set<UUID> rejected = this.rejections.reject(eventId, unsettled);
		List<UUID> committedMeanwhile = unsettled.keySet()
			.stream()
			.filter((bookingId) -> !rejected.contains(bookingId))
			.toList();
		if (!committedMeanwhile.isEmpty()) {
			settled.putAll(this.truths.findSettled(eventId, committedMeanwhile));
		}
		return rejected;
	}

	/**
	 * A lease whose booking Postgres has settled lost its worker's settle: apply Postgres's outcome. Only the leases
	 * older than the orphan grace are looked up, so a pass does not read every live lease's booking from Postgres while
	 * their workers' settles are on their way; an orphan younger than the grace waits for a later pass.
	 */
	private void settleOrphanedLeases(long eventId, Map<UUID, Integer> snapshot, List<Repair> repairs) {
		Map<UUID, Integer> leases = pastGrace(eventId, snapshot);
		Map<UUID, SettledBooking> settled = this.truths.findSettled(eventId, leases.keySet());
		Map<UUID, Settlement> settlements = new LinkedHashMap<>();
		settled.forEach((bookingId, booking) -> settlements.put(bookingId,
				new Settlement(booking.outcome(), booking.quantity(), leases.getOrDefault(bookingId, 0))));
		settle(eventId, RepairCause.ORPHANED_LEASE, settlements, repairs);
	}

	private Map<UUID, Integer> pastGrace(long eventId, Map<UUID, Integer> snapshot) {
		if (!this.orphanGrace.isPositive()) {
			return snapshot;
		}
		Set<UUID> old = this.gate.leasesOlderThan(eventId, this.orphanGrace);
		Map<UUID, Integer> leases = new HashMap<>();
		snapshot.forEach((bookingId, seats) -> {
			if (old.contains(bookingId)) {
				leases.put(bookingId, seats);
			}
		});
		return leases;
	}

	private void settle(long eventId, RepairCause cause, Map<UUID, Settlement> settlements, List<Repair> repairs) {
		if (settlements.isEmpty()) {
			return;
		}
		String before = counter(eventId);
		int leasesSettled = 0;
		long seatsGivenBack = 0;
		for (Map.Entry<UUID, Settlement> entry : settlements.entrySet()) {
			Settlement settlement = entry.getValue();
			SettleResult result = this.gate.settle(eventId, entry.getKey(), settlement.outcome(), settlement.seats());
			if (result == SettleResult.LEASE_SETTLED) {
				leasesSettled++;
				seatsGivenBack += (settlement.outcome() != LeaseOutcome.CONFIRMED) ? settlement.leasedSeats() : 0;
			}
		}
		if (leasesSettled > 0) {
			Repair repair = new Repair(cause, before, counter(eventId), leasesSettled, seatsGivenBack);
			repairs.add(repair);
			logger.info("inventory reconciliation event={} before={} after={} cause={} leases={}", eventId, before,
					repair.after(), cause, leasesSettled);
		}
	}

	private String counter(long eventId) {
		OptionalLong available = this.gate.available(eventId);
		return available.isPresent() ? Long.toString(available.getAsLong()) : "missing";
	}

	/**
	 * How to settle one lease.
	 *
	 * @param outcome Postgres's decision, or RELEASED when it has no booking
	 * @param seats seats the booking asked for
	 * @param leasedSeats seats its lease held when read (0 when it was already gone)
	 */
	private record Settlement(LeaseOutcome outcome, int seats, int leasedSeats) {
	}

}
