package io.minitickets.core.waitingroom;

/**
 * An event's pre-queue once the sale opened.
 *
 * @param cutoff the last ticket of the pre-queue: places with tickets 1..cutoff were taken before the opening
 * @param drawn true once their order is drawn (or there was nothing to draw): admission may start
 */
public record Opening(long cutoff, boolean drawn) {
}
