/**
 * What the {@code streams} and {@code pushVsPoll} figures of {@code minitickets bench} share (issue 17): customers
 * who book one seat each as a shop's client does, the booking-worker frozen so that their bookings stay PENDING, status
 * streams ({@code GET /api/bookings/{id}/events}) read by a non-blocking client, and api-service's heap and open-files
 * limit read from outside its process.
 */
@NullMarked
package io.minitickets.loadtests.bench.sse;

import org.jspecify.annotations.NullMarked;
