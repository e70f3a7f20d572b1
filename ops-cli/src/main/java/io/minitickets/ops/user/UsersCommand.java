package io.minitickets.ops.user;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops users}: bulk users for load tests.
 */
@Command(name = "users", mixinStandardHelpOptions = true, subcommands = CreateUsersCommand.class,
		description = "Creates users in bulk for load tests.")
public final class UsersCommand extends CommandGroup {

}
