package io.minitickets.api.board;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.minitickets.api.board.BoardSample.EventReading;
import io.minitickets.api.board.BoardSnapshot.EventPanel;
import io.minitickets.api.board.BookingRequestMeters.Rates;
import io.minitickets.api.queue.PartitionQueue;
import io.minitickets.api.queue.QueueReading;
import io.minitickets.core.backlog.PartitionLag;
import org.jspecify.annotations.Nullable;

/**
 * The board's last samples, oldest first, and the snapshot they make. Not thread-safe: {@link BoardSampler} calls it
 * under its lock.
 */
final class BoardHistory {

	private final Deque<BoardSample> samples = new ArrayDeque<>();

	private final int capacity;

	private final Duration p99Window;

	/**
	 * @param capacity the most samples kept
	 * @param p99Window the span of requests the p99 is computed over
	 */
	BoardHistory(int capacity, Duration p99Window) {
		this.capacity = capacity;
		this.p99Window = p99Window;
	}

	/** @return the latest sample; null before the first */
	@Nullable BoardSample latest() {
		return this.samples.peekLast();
	}

	/**
	 * Where a new sample's p99 window starts: the latest sample at least the window before it, or the oldest kept.
	 * @param at when the new sample is taken
	 * @return the sample to compute its p99 from; null before the first
	 */
	@Nullable BoardSample p99Start(Instant at) {
		BoardSample start = this.samples.peekFirst();
		Instant from = at.minus(this.p99Window);
		for (BoardSample earlier : this.samples) {
			if (earlier.at().isAfter(from)) {
				break;
			}
			start = earlier;
		}
		return start;
	}

	/**
	 * Adds a sample, dropping the oldest past the capacity.
	 * @param sample the new sample
	 */
	void add(BoardSample sample) {
		this.samples.addLast(sample);
		while (this.samples.size() > this.capacity) {
			this.samples.removeFirst();
		}
	}

	/**
	 * @param periodMillis the sampling period, milliseconds
	 * @return the snapshot of the latest sample and its history
	 * @throws IllegalStateException before the first sample
	 */
	BoardSnapshot snapshot(long periodMillis) {
		BoardSample latest = this.samples.peekLast();
		if (latest == null) {
			throw new IllegalStateException("no sample yet");
		}
		List<Long> times = series((sample) -> sample.at().toEpochMilli());
		BoardSnapshot.Requests requests = new BoardSnapshot.Requests(latest.rates(), latest.p99Millis(),
				rate(Rates::accepted), rate(Rates::conflict), rate(Rates::tooMany), rate(Rates::unavailable),
				series(BoardSample::p99Millis));
		BoardSnapshot.Backlog backlog = new BoardSnapshot.Backlog(latest.totalLag(),
				(latest.lag() != null) ? latest.lag() : List.<PartitionLag>of(), latest.deadLetters(), latest.parked(),
				series(BoardSample::totalLag), series(BoardSample::deadLetters));
		BoardSnapshot.Webhooks webhooks = new BoardSnapshot.Webhooks(latest.webhooksRefusedPerSecond(),
				series(BoardSample::webhooksRefusedPerSecond));
		return new BoardSnapshot(latest.at(), periodMillis, times, requests, backlog, webhooks, queue(latest),
				events(latest), latest.problems());
	}

	private BoardSnapshot.Queue queue(BoardSample latest) {
		QueueReading reading = latest.queue();
		List<PartitionQueue> partitions = (reading != null) ? reading.partitions() : List.of();
		return new BoardSnapshot.Queue(latest.totalAhead(), partitions.isEmpty() ? null : longestEta(partitions),
				(reading != null) ? reading.asOf() : null, partitions, series(BoardSample::totalAhead));
	}

	/**
	 * @return the longest ETA of the partitions; 0 when none has records waiting; null when one with records waiting
	 * has no ETA
	 */
	static @Nullable Long longestEta(List<PartitionQueue> partitions) {
		long longest = 0;
		for (PartitionQueue partition : partitions) {
			if (partition.ahead() == 0) {
				continue;
			}
			Long eta = partition.etaSeconds();
			if (eta == null) {
				return null;
			}
			longest = Math.max(longest, eta);
		}
		return longest;
	}

	private List<EventPanel> events(BoardSample latest) {
		List<Map<Long, Integer>> sold = new ArrayList<>(this.samples.size());
		for (BoardSample sample : this.samples) {
			Map<Long, Integer> byEvent = new HashMap<>();
			sample.events().forEach((event) -> byEvent.put(event.id(), event.sold()));
			sold.add(byEvent);
		}
		List<EventPanel> panels = new ArrayList<>(latest.events().size());
		for (EventReading event : latest.events()) {
			List<@Nullable Integer> history = new ArrayList<>(sold.size());
			sold.forEach((byEvent) -> history.add(byEvent.get(event.id())));
			panels.add(new EventPanel(event.id(), event.name(), event.capacity(), event.sold(), event.gate().counter(),
					event.gate().leases(), event.gate().drift(event.capacity(), event.sold()), history, event.paid(),
					event.waitingRoom()));
		}
		return panels;
	}

	private List<@Nullable Double> rate(Function<Rates, Double> figure) {
		return series((sample) -> (sample.rates() != null) ? figure.apply(sample.rates()) : null);
	}

	private <T> List<@Nullable T> series(Function<BoardSample, @Nullable T> figure) {
		List<@Nullable T> values = new ArrayList<>(this.samples.size());
		this.samples.forEach((sample) -> values.add(figure.apply(sample)));
		return values;
	}

}
