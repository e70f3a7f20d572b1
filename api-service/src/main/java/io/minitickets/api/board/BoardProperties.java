package io.minitickets.api.board;

import java.time.Duration;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The sale-day board ({@code minitickets.board.*}).
 *
 * @param period the shortest time between two samples: every viewer within it gets the same cached one
 * @param history how far back the board's sparklines reach (samples are taken only while someone views the board)
 * @param p99Window the span of booking requests the p99 is computed over
 * @param events the most events shown: the latest whose sale has opened
 * @param kafkaTimeout the longest wait for each of the broker's answers to one sample; past it lag and dead letters
 * show as unknown
 */
@ConfigurationProperties("minitickets.board")
@Validated
public record BoardProperties(@DefaultValue("1s") Duration period, @DefaultValue("10m") Duration history,
		@DefaultValue("10s") Duration p99Window, @DefaultValue("20") @Min(1) @Max(200) int events,
		@DefaultValue("2s") Duration kafkaTimeout) {

	/**
	 * @return how many samples the history keeps: history ÷ period, at least 2
	 */
	int samples() {
		return (int) Math.max(2, this.history.toMillis() / Math.max(1, this.period.toMillis()));
	}

}
