/**
 * How requests are read before a controller sees them: body size and encoding filters, the {@code Accept} check,
 * strict JSON, decimal ids.
 */
@NullMarked
package io.minitickets.api.web;

import org.jspecify.annotations.NullMarked;
