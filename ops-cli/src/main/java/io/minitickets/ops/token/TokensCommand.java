package io.minitickets.ops.token;

import io.minitickets.ops.system.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code ops tokens}: access tokens for load drivers.
 */
@Command(name = "tokens", mixinStandardHelpOptions = true, subcommands = MintTokensCommand.class,
		description = "Mints access tokens for load drivers.")
public final class TokensCommand extends CommandGroup {

}
