/**
 * Cancellation in api-service: a customer's request to cancel a booking, checked and recorded durably on
 * {@code cancellations.requested} for the worker to apply (DESIGN.md, "After the 202").
 */
@NullMarked
package io.minitickets.api.cancellation;

import org.jspecify.annotations.NullMarked;
