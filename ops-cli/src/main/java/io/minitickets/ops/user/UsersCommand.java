package io.minitickets.ops.user;

import io.minitickets.ops.OpsCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops users}: bulk users for load tests.
 */
@Command(name = "users", mixinStandardHelpOptions = true, subcommands = CreateUsersCommand.class,
		description = "Creates users in bulk for load tests.")
public final class UsersCommand implements Runnable {

	@ParentCommand
	private OpsCommand ops;

	@Spec
	private CommandSpec spec;

	/** @return the ops command, for its settings */
	OpsCommand ops() {
		return this.ops;
	}

	@Override
	public void run() {
		this.spec.commandLine().usage(this.spec.commandLine().getOut());
	}

}
