package io.minitickets.api.queue;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * A PENDING booking's queue position ({@code minitickets.queue.*}).
 *
 * @param pollPeriod how often this instance reads the worker group's committed offsets from the broker (one admin
 * read shared by every status poll); a position is at most this old, plus the broker's answer
 * @param rateHalfLife the half-life of the smoothed settle rate per partition: records settled and seconds measured this
 * long ago weigh half as much as those measured now; a stall at least this long is forgotten once the worker settles
 * again (its rate is then measured afresh)
 * @param recentRateWindow the window of the recent settle rate that {@code auto} admission judges the lag by (the
 * smoothed one only while it is unmeasured): the records settled over about this long, while records waited at every reading
 * of it; 2 s, two readings, so that a worker committing every second or so (a slowed batch) is not read as stalled
 * @param kafkaTimeout the longest wait for each of the broker's answers to one read; past it the last reading stays
 * @param remembered the most bookings whose smallest position this instance remembers, so that their position never
 * rises across polls (~100 bytes each); beyond it the least recently polled are forgotten
 */
@ConfigurationProperties("minitickets.queue")
@Validated
public record QueueProperties(@DefaultValue("1s") Duration pollPeriod, @DefaultValue("10s") Duration rateHalfLife,
		@DefaultValue("2s") Duration recentRateWindow, @DefaultValue("2s") Duration kafkaTimeout, @DefaultValue("200000") @Min(1) long remembered) {
}
