/**
 * The waiting list's API (DESIGN.md, "After the 202"): a customer joins a sold-out event's list, sees their entry and
 * its position, and leaves it; the worker turns returned seats into offers for the oldest entries that fit.
 */
@NullMarked
package io.minitickets.api.waitlist;

import org.jspecify.annotations.NullMarked;
