/**
 * The ops command line: one picocli class per subcommand, by feature (replay, status, event, user, token).
 */
@NullMarked
package io.minitickets.ops;

import org.jspecify.annotations.NullMarked;
