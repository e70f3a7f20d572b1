package io.minitickets.api.waitingroom;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventCache;
import io.minitickets.api.event.EventRepository;
import io.minitickets.api.event.WaitingRoom;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.core.waitingroom.AdmittedPlaces;
import io.minitickets.core.waitingroom.Opening;
import io.minitickets.core.waitingroom.QueueDraw;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Runs the open waiting rooms, on one thread: every {@code admit-every}, for each event whose waiting room is enabled
 * and whose sale is open, the instance holding the event's lease in Valkey (one instance per event) closes the
 * pre-queue and draws its order once ({@link QueueDraw}, logged with its commitment before it is applied), then admits
 * the next places at the room's fixed rate, or in {@code auto} at the rate {@link AutoAdmission} gives from the
 * pipeline's measured capacity (shared by the open rooms in {@code auto} with places waiting that are not paused;
 * nothing admitted while it is 0). The rate is enforced by the admission script with Valkey's clock, so a lease
 * changing hands cannot double it. The script admits nothing while an operator paused the room ({@code ops queue
 * pause}) or the gate says sold out, and drops the abandoned places it comes to ({@code abandon-after}); this also
 * skips admitting while Postgres says every seat is sold (the gate may be off), and until this instance's booking route
 * sees the sale open in its cached event ({@link EventCache}, up to its TTL after {@code ops events open}), so that
 * an admitted customer is not refused as {@code sale-not-open}.
 */
@Component
class AdmissionScheduler implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(AdmissionScheduler.class);

	private final EventRepository events;

	private final EventCache cache;

	private final WaitingRoomQueue queue;

	private final WaitingRoomMeters meters;

	private final WaitingRoomProperties properties;

	private final AutoAdmission auto;

	private final SecureRandom random = new SecureRandom();

	private final String holder = "api-" + UUID.randomUUID();

	private final Clock clock = Clock.systemUTC();

	private volatile List<Event> rooms = List.of();

	private Instant roomsReadAt = Instant.EPOCH;

	private final Set<Long> leased = new HashSet<>();

	private volatile ScheduledExecutorService executor;

	AdmissionScheduler(EventRepository events, EventCache cache, WaitingRoomQueue queue, WaitingRoomMeters meters,
			WaitingRoomProperties properties, AutoAdmission auto) {
		this.events = events;
		this.cache = cache;
		this.auto = auto;
		this.queue = queue;
		this.meters = meters;
		this.properties = properties;
	}

	@Override
	public void start() {
		ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "waiting-room-admissions");
			thread.setDaemon(true);
			return thread;
		});
		long every = this.properties.admitEvery().toMillis();
		started.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.MILLISECONDS);
		this.executor = started;
	}

	@Override
	public void stop() {
		ScheduledExecutorService running = this.executor;
		if (running != null) {
			running.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.executor != null;
	}

	/** One round over the open waiting rooms; never throws (a failed round is retried at the next). */
	void tick() {
		try {
			Instant now = this.clock.instant();
			if (Duration.between(this.roomsReadAt, now).compareTo(this.properties.roomsEvery()) >= 0) {
				this.rooms = this.events.openWaitingRooms(now);
				this.roomsReadAt = now;
			}
			Set<Long> open = new HashSet<>();
			int autoRooms = sharingAutoRate(this.rooms);
			for (Event event : this.rooms) {
				open.add(event.id());
				run(event, autoRooms, now);
			}
			this.leased.removeIf((id) -> {
				if (!open.contains(id)) {
					this.meters.notAdmitting(id);
					return true;
				}
				return false;
			});
		}
		catch (DataAccessException | ValkeyUnavailableException ex) {
			logger.debug("Waiting-room admissions skipped a round: {}", ex.getMessage());
		}
		catch (RuntimeException ex) {
			logger.warn("Waiting-room admissions failed a round", ex);
		}
	}

	/**
	 * The rooms sharing the {@code auto} rate: those in {@code auto} with places waiting (or taken before the opening,
	 * to be admitted once drawn) and admitting: not paused by an operator, nor by the gate saying sold out. A room that
	 * admits no one takes no share, so a finished or paused room does not halve the rate of a rush in another.
	 * @param rooms the open waiting rooms
	 * @return how many of them share the {@code auto} rate
	 * @throws ValkeyUnavailableException when a room's places cannot be counted
	 */
	int sharingAutoRate(List<Event> rooms) {
		return (int) rooms.stream()
			.filter((event) -> event.waitingRoom() != null
					&& WaitingRoom.AUTO.equals(event.waitingRoom().admission().mode()))
			.map((event) -> this.queue.status(event.id()))
			.filter((status) -> status.waiting() > 0 && !status.paused() && !status.soldOut())
			.count();
	}

	private void run(Event event, int autoRooms, Instant now) {
		WaitingRoom room = event.waitingRoom();
		if (room == null) {
			return;
		}
		boolean auto = WaitingRoom.AUTO.equals(room.admission().mode());
		if (!auto && room.admission().perSecond() == null) {
			return;
		}
		long eventId = event.id();
		if (!this.queue.holdLease(eventId, this.holder, this.properties.lease())) {
			if (this.leased.remove(eventId)) {
				this.meters.notAdmitting(eventId);
			}
			return;
		}
		this.leased.add(eventId);
		Opening opening = this.queue.open(eventId);
		if (!opening.drawn()) {
			draw(eventId, opening);
		}
		if (!this.cache.find(eventId).map((seen) -> seen.isSaleOpen(now)).orElse(false)) {
			logger.debug("Waiting room of event {}: not admitting until the booking route sees the sale open", eventId);
			return;
		}
		if (event.seatsSold() >= event.capacity()) {
			this.meters.admitted(eventId, 0, this.queue.status(eventId).waiting(), 0, true);
			return;
		}
		int perSecond;
		if (!auto) {
			perSecond = room.admission().perSecond();
		}
		else {
			perSecond = this.auto.perSecond(room.admission().perSecond(), autoRooms);
			this.meters.autoRate(eventId, perSecond);
			if (perSecond == 0) {
				this.meters.admitted(eventId, 0, this.queue.status(eventId).waiting(), 0, false);
				return;
			}
		}
		AdmittedPlaces admitted = this.queue.admit(eventId, perSecond,
				Duration.ofSeconds(room.admittedForSeconds()), this.properties.abandonAfter());
		if (admitted.dropped() > 0) {
			logger.debug("Waiting room of event {}: dropped {} abandoned places (not seen for {})", eventId,
					admitted.dropped(), this.properties.abandonAfter());
		}
		this.meters.admitted(eventId, admitted.placeIds().size(), admitted.waiting(), admitted.dropped(),
				"paused".equals(admitted.halted()) || "sold-out".equals(admitted.halted()));
	}

	/** The opening's draw: logged with its commitment, then applied once (another instance may have applied one). */
	private void draw(long eventId, Opening opening) {
		List<UUID> preQueue = this.queue.preQueue(eventId, opening);
		QueueDraw.Draw draw = QueueDraw.draw(preQueue, QueueDraw.newSeed(this.random));
		logger.info("Waiting room of event {}: drawing the order of {} places taken before the opening, commitment {}"
				+ " (SHA-256 over the seed and the drawn order), seed {}", eventId, draw.order().size(),
				draw.commitment(), draw.seedHex());
		long applied = this.queue.applyDraw(eventId, draw);
		if (applied == 1) {
			logger.info("Waiting room of event {}: draw {} applied; admission starts", eventId, draw.commitment());
		}
		else {
			logger.info("Waiting room of event {}: draw {} not applied ({})", eventId, draw.commitment(),
					(applied == 0) ? "drawn already" : "the pre-queue changed; drawn again next round");
		}
	}

}
