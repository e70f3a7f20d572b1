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
 */
@ConfigurationProperties("minitickets.waiting-room")
public record WaitingRoomProperties(@DefaultValue("200ms") Duration admitEvery, @DefaultValue("3s") Duration lease,
		@DefaultValue("2s") Duration roomsEvery, @DefaultValue("30s") Duration waitMost,
		@DefaultValue("500ms") Duration waitPoll, @DefaultValue("60s") Duration abandonAfter) {
}
