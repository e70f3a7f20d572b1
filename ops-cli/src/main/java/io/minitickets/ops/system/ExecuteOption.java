package io.minitickets.ops.system;

import picocli.CommandLine.Option;

/**
 * {@code --execute}, which turns a command's preview into the change (audited in {@code ops_audit}), as README and the
 * previews spell it; {@code --apply}, its older spelling, is accepted too but hidden, since picocli's usage line shows
 * an option by its shortest name and would have shown {@code [--apply]}. A mixin ({@code @Mixin}) of every command
 * that previews by default.
 */
public final class ExecuteOption {

	@Option(names = "--execute", description = "Do it and record it in ops_audit; without it, only a preview.")
	private boolean execute;

	@Option(names = "--apply", hidden = true, description = "--execute, as spelled before.")
	private boolean apply;

	/** @return true to act, false to preview */
	public boolean execute() {
		return this.execute || this.apply;
	}

}
