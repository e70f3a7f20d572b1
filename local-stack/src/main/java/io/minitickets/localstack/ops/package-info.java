/**
 * {@code minitickets ops} and {@code minitickets kafka}: the operators' tools, wired to the local stack.
 */
@NullMarked
package io.minitickets.localstack.ops;

import org.jspecify.annotations.NullMarked;
