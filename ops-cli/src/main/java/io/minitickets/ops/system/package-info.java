/**
 * What every ops command shares: settings read like the services', connections, exit codes.
 */
@NullMarked
package io.minitickets.ops.system;

import org.jspecify.annotations.NullMarked;
