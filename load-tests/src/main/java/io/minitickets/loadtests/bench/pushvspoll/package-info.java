/**
 * The push-versus-poll figure of {@code minitickets bench}: api-service's CPU per booking brought to its final state
 * for customers waiting on Server-Sent Events versus polling once a second (issue 17, "Push versus poll").
 */
@NullMarked
package io.minitickets.loadtests.bench.pushvspoll;

import org.jspecify.annotations.NullMarked;
