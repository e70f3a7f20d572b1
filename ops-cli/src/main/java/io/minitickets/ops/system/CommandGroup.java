package io.minitickets.ops.system;

import java.io.PrintWriter;

import io.minitickets.ops.OpsCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * A group of {@code ops} subcommands ({@code ops events}, {@code ops users}, …): run on its own it prints its usage;
 * its subcommands reach the shared settings through {@link #ops()}.
 */
public abstract class CommandGroup implements Runnable {

	@ParentCommand
	private OpsCommand ops;

	@Spec
	private CommandSpec spec;

	/** @return the ops command, for its settings */
	public OpsCommand ops() {
		return this.ops;
	}

	/** @return where the group's commands print (picocli's, so that tests and the console see the same) */
	protected PrintWriter out() {
		return this.spec.commandLine().getOut();
	}

	@Override
	public void run() {
		this.spec.commandLine().usage(this.spec.commandLine().getOut());
	}

}
