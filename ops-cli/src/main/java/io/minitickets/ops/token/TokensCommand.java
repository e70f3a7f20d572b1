package io.minitickets.ops.token;

import io.minitickets.ops.OpsCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops tokens}: access tokens for load drivers.
 */
@Command(name = "tokens", mixinStandardHelpOptions = true, subcommands = MintTokensCommand.class,
		description = "Mints access tokens for load drivers.")
public final class TokensCommand implements Runnable {

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
