/**
 * The calls of api-service's HTTP API that the demo and the chaos run make (admin login, events, users, booking,
 * polling).
 */
@NullMarked
package io.minitickets.loadtests.client;

import org.jspecify.annotations.NullMarked;
