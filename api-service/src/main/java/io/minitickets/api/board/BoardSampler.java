package io.minitickets.api.board;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.board.BoardSample.EventReading;
import io.minitickets.api.board.BookingRequestMeters.RequestCounts;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.core.backlog.KafkaBacklog;
import io.minitickets.core.backlog.PartitionLag;
import io.minitickets.core.inventory.GateReading;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.messaging.BookingTopics;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.core.waitingroom.RoomStatus;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.apache.kafka.clients.admin.Admin;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Takes the board's samples: at most one per {@link BoardProperties#period()} however many viewers ask, and only
 * while someone asks. A sample reads the booking request's existing meters, one Postgres query, two Valkey reads per
 * event (and one more for an event with a waiting room) and a few admin requests to the broker; none of it runs on a
 * booking request. The queue panel reads {@link QueuePositions#partitions()}, the offsets api-service already reads
 * once a second for queue positions: no broker request of its own.
 */
class BoardSampler implements DisposableBean {

	private static final String EVENTS = """
			select id, name, capacity, seats_sold, price > 0 as paid, waiting_room_enabled, admission_mode,
			admission_per_second from events where sale_opens_at <= now()
			order by sale_opens_at desc, id desc limit :limit""";

	private final JdbcClient jdbc;

	private final PaidSales paidSales;

	private final InventoryGate gate;

	private final MeterRegistry meters;

	private final KafkaAdmin kafkaAdmin;

	private final BoardProperties properties;

	private final ReentrantLock lock = new ReentrantLock();

	private final BoardHistory history;

	private final QueuePositions queue;

	private final WaitingRoomQueue waitingRooms;

	private volatile @Nullable BoardSnapshot latest;

	private @Nullable Admin admin;

	BoardSampler(JdbcClient jdbc, InventoryGate gate, MeterRegistry meters, KafkaAdmin kafkaAdmin,
			BoardProperties properties, QueuePositions queue, WaitingRoomQueue waitingRooms) {
		this.jdbc = jdbc;
		this.queue = queue;
		this.waitingRooms = waitingRooms;
		this.paidSales = new PaidSales(jdbc);
		this.gate = gate;
		this.meters = meters;
		this.kafkaAdmin = kafkaAdmin;
		this.properties = properties;
		this.history = new BoardHistory(properties.samples(), properties.p99Window());
	}

	/**
	 * The board as of the latest sample, taking a new one when the latest is a period old. While one viewer's request
	 * takes a sample, the others get the one before.
	 * @return the snapshot
	 */
	BoardSnapshot current() {
		BoardSnapshot cached = this.latest;
		if (isFresh(cached)) {
			return cached;
		}
		if (cached != null && !this.lock.tryLock()) {
			return cached;
		}
		if (cached == null) {
			this.lock.lock();
		}
		try {
			cached = this.latest;
			if (isFresh(cached)) {
				return cached;
			}
			BoardSample sample = sample();
			this.history.add(sample);
			BoardSnapshot snapshot = this.history.snapshot(this.properties.period().toMillis());
			this.latest = snapshot;
			return snapshot;
		}
		finally {
			this.lock.unlock();
		}
	}

	private boolean isFresh(@Nullable BoardSnapshot snapshot) {
		return snapshot != null && snapshot.at().plus(this.properties.period()).isAfter(Instant.now());
	}

	private BoardSample sample() {
		Instant at = Instant.now();
		List<String> problems = new ArrayList<>();
		RequestCounts counts = BookingRequestMeters.read(this.meters);
		BoardSample previous = this.history.latest();
		List<EventReading> events = events(problems, previous, at);
		double refused = webhooksRefused();
		List<PartitionLag> lag = null;
		Long deadLetters = null;
		Long parked = null;
		try {
			KafkaBacklog backlog = new KafkaBacklog(admin(), this.properties.kafkaTimeout());
			lag = backlog.lag();
			deadLetters = backlog.records(BookingTopics.REQUESTED_DLT);
			parked = backlog.records(BookingTopics.REQUESTED_PARKED);
		}
		catch (RuntimeException ex) {
			problems.add("Kafka: " + ex.getMessage());
		}
		BoardSample p99Start = this.history.p99Start(at);
		return new BoardSample(at, counts,
				(previous != null) ? counts.ratesSince(previous.counts(), Duration.between(previous.at(), at)) : null,
				(p99Start != null) ? counts.p99MillisSince(p99Start.counts()) : null, events, lag, deadLetters, parked,
				refused, (previous != null) ? perSecond(refused - previous.webhooksRefused(), previous.at(), at) : null,
				this.queue.partitions(), List.copyOf(problems));
	}

	private List<EventReading> events(List<String> problems, @Nullable BoardSample previous, Instant at) {
		Instant since = (previous != null) ? previous.at() : null;
		try {
			// Postgres first, then the gate: no connection is held while Valkey answers
			List<EventRow> rows = this.jdbc.sql(EVENTS)
				.param("limit", this.properties.events())
				.query((row, index) -> new EventRow(row.getLong("id"), row.getString("name"), row.getInt("capacity"),
						row.getInt("seats_sold"), row.getBoolean("paid"), row.getBoolean("waiting_room_enabled"),
						row.getString("admission_mode"), (Integer) row.getObject("admission_per_second")))
				.list();
			List<Long> paid = rows.stream().filter(EventRow::paid).map(EventRow::id).toList();
			Map<Long, PaidSaleReading> panels = paid.isEmpty() ? Map.of() : this.paidSales.read(paid, since, at);
			return rows.stream()
				.map((event) -> new EventReading(event.id(), event.name(), event.capacity(), event.sold(),
						GateReading.of(this.gate, event.id()), panels.get(event.id()),
						event.waitingRoom() ? waitingRoom(event, previous, at, problems) : null))
				.toList();
		}
		catch (DataAccessException ex) {
			problems.add("Postgres: " + ex.getMostSpecificCause().getMessage());
			return List.of();
		}
	}

	private @Nullable WaitingRoomReading waitingRoom(EventRow event, @Nullable BoardSample previous, Instant at,
			List<String> problems) {
		RoomStatus status;
		try {
			status = this.waitingRooms.status(event.id());
		}
		catch (ValkeyUnavailableException ex) {
			problems.add("Valkey (waiting room of event " + event.id() + "): " + ex.getMessage());
			return null;
		}
		WaitingRoomReading before = (previous == null) ? null : previous.events()
			.stream()
			.filter((reading) -> reading.id() == event.id() && reading.waitingRoom() != null)
			.map(EventReading::waitingRoom)
			.findFirst()
			.orElse(null);
		Double admittedPerSecond = (before != null)
				? perSecond(Math.max(0, status.admitted() - before.admitted()), previous.at(), at) : null;
		Double rate = (admittedPerSecond != null && admittedPerSecond > 0) ? admittedPerSecond
				: ("fixed".equals(event.mode()) && event.perSecond() != null) ? (double) event.perSecond() : null;
		Long eta = (status.paused() || status.soldOut() || rate == null) ? null
				: (long) Math.ceil(status.waiting() / rate);
		return new WaitingRoomReading(status.waiting(), status.admitted(), admittedPerSecond, status.dropped(), eta,
				status.paused(), status.soldOut(), (event.mode() != null) ? event.mode() : "fixed", event.perSecond());
	}

	private double webhooksRefused() {
		return this.meters.find("minitickets.payments.refused").counters().stream().mapToDouble(Counter::count).sum();
	}

	private static double perSecond(double delta, Instant from, Instant to) {
		return delta * 1000.0 / Math.max(Duration.between(from, to).toMillis(), 1);
	}

	private Admin admin() {
		if (this.admin == null) {
			this.admin = Admin.create(this.kafkaAdmin.getConfigurationProperties());
		}
		return this.admin;
	}

	private record EventRow(long id, String name, int capacity, int sold, boolean paid, boolean waitingRoom,
			@Nullable String mode, @Nullable Integer perSecond) {
	}

	@Override
	public void destroy() {
		this.lock.lock();
		try {
			if (this.admin != null) {
				this.admin.close(Duration.ofSeconds(2));
			}
		}
		finally {
			this.lock.unlock();
		}
	}

}
