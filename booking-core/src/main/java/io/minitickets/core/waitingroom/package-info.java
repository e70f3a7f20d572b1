/**
 * The waiting room of an event (issue 18; DESIGN.md, invariant 10): its places in Valkey under the event's hash tag,
 * the opening's draw, and admission at a rate.
 */
@NullMarked
package io.minitickets.core.waitingroom;

import org.jspecify.annotations.NullMarked;
