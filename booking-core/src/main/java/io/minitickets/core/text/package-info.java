/**
 * Text people read and write: which characters an event's name may not hold ({@link
 * io.minitickets.core.text.ControlCharacters}), and how command-line tables print text from Postgres, Valkey or Kafka
 * so that no character in it can rearrange or hide the operator's line ({@link io.minitickets.core.text.TerminalText}).
 */
@NullMarked
package io.minitickets.core.text;

import org.jspecify.annotations.NullMarked;
