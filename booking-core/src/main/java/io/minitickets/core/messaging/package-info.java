/**
 * Kafka messages of the booking pipeline, their topics and JSON codecs.
 */
@NullMarked
package io.minitickets.core.messaging;

import org.jspecify.annotations.NullMarked;
