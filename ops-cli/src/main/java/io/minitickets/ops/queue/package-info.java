/**
 * {@code ops queue}: an event's waiting room (issue 18) as operators see and steer it: status, the fixed admission rate
 * (Postgres, read by the admitting api-service within {@code minitickets.waiting-room.rooms-every}), and pausing or
 * resuming admission (a flag in the room's Valkey meta, read by every admission call).
 */
@NullMarked
package io.minitickets.ops.queue;

import org.jspecify.annotations.NullMarked;
