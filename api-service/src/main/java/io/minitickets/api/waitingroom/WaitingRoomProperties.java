package io.minitickets.api.waitingroom;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Waiting rooms ({@code minitickets.waiting-room.*}).
 *
 * @param admitEvery how often the instance holding an event's lease admits its next places (the rate itself is
 * enforced in Valkey by Valkey's clock, so this only smooths it)
 * @param lease how long an instance holds an event's admissions without renewing (renewed every {@code admitEvery});
 * another instance takes over after it
 * @param roomsEvery how often each instance reads from Postgres which events' waiting rooms are open
 * @param waitMost the longest {@code Prefer: wait=N} applied on a place's URL (whole seconds)
 * @param waitPoll how often a waiting long-poll reads its place
 * @param abandonAfter how long a place may go without its owner reading it (a long-poll reads it every
 * {@code waitPoll}) before it is dropped as abandoned when it comes up for admission; zero for never
 * @param autoLagTarget {@code auto} admission: the consumer lag aimed at, as seconds of settling at the worker's current
 * rate (its recent settle rate); 1 s so that a worker slowed to a third stays under ~10 s of lag
 * with the bookings in transit to Kafka when it slows ({@link AutoAdmissionRate} says why)
 * @param autoDrainOver {@code auto} admission: over how long a lag above (below) the target is brought back to it; 90 s
 * so that while the lag is within ~10 s the rate stays within 10 % of the settle rate ({@link AutoAdmissionRate})
 * @param autoFloor {@code auto} admission: the least places a second of a room while nothing is shed
 * @param autoShedHold {@code auto} admission: how long nothing is admitted after this instance shed a booking request
 * @param autoInFlightShare {@code auto} admission: from this share of the booking route's in-flight limit in progress
 * on this instance, nothing is admitted
 */
@ConfigurationProperties("minitickets.waiting-room")
public record WaitingRoomProperties(@DefaultValue("200ms") Duration admitEvery, @DefaultValue("3s") Duration lease,
		@DefaultValue("2s") Duration roomsEvery, @DefaultValue("30s") Duration waitMost,
		@DefaultValue("500ms") Duration waitPoll, @DefaultValue("60s") Duration abandonAfter,
		@DefaultValue("1s") Duration autoLagTarget, @DefaultValue("90s") Duration autoDrainOver,
		@DefaultValue("1") int autoFloor, @DefaultValue("5s") Duration autoShedHold,
		@DefaultValue("0.75") double autoInFlightShare) {
}
