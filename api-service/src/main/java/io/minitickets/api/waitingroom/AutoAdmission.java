package io.minitickets.api.waitingroom;

import java.time.Clock;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.minitickets.api.booking.BookingInFlightProperties;
import io.minitickets.api.queue.WorkerProgress;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Measures the pipeline for {@code auto} admission ({@link AutoAdmissionRate}): the worker group's settle rates
 * (smoothed and recent), throughput and records ahead (unknown before the first reading) from this instance's last offset reading
 * ({@link WorkerProgress}, once a second), and this instance's booking requests in flight ({@code minitickets_bookings_in_flight}) and shed ({@code minitickets_bookings_shed}).
 * Called by the admission thread only.
 */
@Component
class AutoAdmission {

	private final WorkerProgress progress;

	private final MeterRegistry registry;

	private final int inFlightMax;

	private final AutoAdmissionRate rate;

	private final Clock clock = Clock.systemUTC();

	AutoAdmission(WorkerProgress progress, MeterRegistry registry, BookingInFlightProperties inFlight,
			WaitingRoomProperties properties) {
		this.progress = progress;
		this.registry = registry;
		this.inFlightMax = inFlight.max();
		this.rate = new AutoAdmissionRate(properties.autoLagTarget(), properties.autoDrainOver(),
				properties.autoFloor(), properties.autoShedHold(), properties.autoInFlightShare());
	}

	/**
	 * @param ceiling the room's most places a second ({@code admission.perSecond}); null for none
	 * @param rooms rooms admitting in {@code auto} with places waiting on this instance now, sharing the rate
	 * @return places a second the room admits now; 0 while requests are shed or the in-flight limit is near
	 */
	int perSecond(@Nullable Integer ceiling, int rooms) {
		WorkerProgress.Summary summary = this.progress.summary();
		Counter shed = this.registry.find("minitickets.bookings.shed").counter();
		Gauge inFlight = this.registry.find("minitickets.bookings.in-flight").gauge();
		AutoAdmissionRate.Pipeline pipeline = new AutoAdmissionRate.Pipeline(
				(summary != null) ? summary.settledPerSecond() : null,
				(summary != null) ? summary.recentPerSecond() : null,
				(summary != null) ? summary.throughputPerSecond() : null,
				(summary != null) ? summary.recordsAhead() : null,
				(shed != null) ? (long) shed.count() : 0, (inFlight != null) ? (int) inFlight.value() : 0,
				this.inFlightMax);
		return this.rate.perSecond(pipeline, ceiling, rooms, this.clock.instant());
	}

}
