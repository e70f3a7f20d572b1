/**
 * Where a PENDING booking stands: records ahead of it in its partition and an ETA, from the worker group's committed
 * offsets and measured settle rates, read once a second per instance and shared by every status poll.
 */
@NullMarked
package io.minitickets.api.queue;

import org.jspecify.annotations.NullMarked;
