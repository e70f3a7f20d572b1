/**
 * The terms of a sale that the admin API and the operators' CLI both check: price, currency, hold and offer windows.
 */
@NullMarked
package io.minitickets.core.sale;

import org.jspecify.annotations.NullMarked;
