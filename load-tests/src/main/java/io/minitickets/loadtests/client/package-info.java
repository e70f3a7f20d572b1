/**
 * The calls of api-service's HTTP API that the demo and the chaos run make (admin login, events, users, booking,
 * polling, checkout, the waiting list) and the payment simulator's control API.
 */
@NullMarked
package io.minitickets.loadtests.client;

import org.jspecify.annotations.NullMarked;
