package io.minitickets.ops.token;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.minitickets.core.security.AccessTokenProperties;
import io.minitickets.core.security.AccessTokens;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops tokens mint}: signs access tokens for existing users with booking-core's {@link AccessTokens}, from the
 * key configuration the API verifies with ({@code MINITICKETS_JWT_SECRET}, {@code _TTL}, {@code _ISSUER}). Load
 * drivers read them one per line: the per-IP login bucket would stop a stampede of logins from one machine.
 */
@Command(name = "mint", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Prints one access token per line (stdout) for the users chosen, in id order; a summary "
				+ "goes to stderr. Signed with MINITICKETS_JWT_SECRET, valid for MINITICKETS_JWT_TTL (1h).",
				"Choose users by --user (repeatable) or --email-prefix (as `ops users create` printed)." })
final class MintTokensCommand implements Callable<Integer> {

	@ParentCommand
	private TokensCommand tokens;

	@Spec
	private CommandSpec spec;

	@Option(names = "--user", paramLabel = "ID", description = "A user id; repeat for more.")
	private List<Long> userIds = new ArrayList<>();

	@Option(names = "--email-prefix", paramLabel = "TEXT",
			description = "Users whose email starts with <TEXT>- (the prefix `ops users create` printed).")
	private @Nullable String emailPrefix;

	@Option(names = "--limit", paramLabel = "N", defaultValue = "100000",
			description = "Most tokens printed (default: ${DEFAULT-VALUE}).")
	private int limit = 100_000;

	@Override
	public Integer call() throws Exception {
		if (this.userIds.isEmpty() == (this.emailPrefix == null)) {
			throw new BadUsageException("choose the users by --user or by --email-prefix (one of them)");
		}
		if (this.limit < 1) {
			throw new BadUsageException("--limit must be 1 or more");
		}
		AccessTokenProperties properties = this.tokens.ops().settings().accessTokens();
		AccessTokens signer;
		try {
			signer = new AccessTokens(properties);
		}
		catch (IllegalArgumentException ex) {
			throw new BadUsageException(ex.getMessage());
		}
		PrintWriter out = this.spec.commandLine().getOut();
		int minted = 0;
		try (Connection connection = new Postgres(this.tokens.ops().settings()).connect();
				PreparedStatement select = query(connection)) {
			try (ResultSet users = select.executeQuery()) {
				while (users.next()) {
					out.println(signer.mint(users.getLong(1), users.getString(2), users.getString(3)).token());
					minted++;
				}
			}
		}
		out.flush();
		if (minted == 0) {
			throw new BadUsageException("no such user: nothing to mint");
		}
		if (!this.userIds.isEmpty() && minted < this.userIds.size()) {
			this.spec.commandLine().getErr().printf("%d of the %d user ids do not exist%n",
					this.userIds.size() - minted, this.userIds.size());
		}
		this.spec.commandLine().getErr().printf("minted %d tokens, valid for %s%n", minted, properties.ttl());
		return ExitCodes.DONE;
	}

	private PreparedStatement query(Connection connection) throws SQLException {
		if (this.emailPrefix != null) {
			PreparedStatement select = connection.prepareStatement("""
					select id, email, role from users where email like ? escape '\\' order by id limit ?""");
			select.setString(1, this.emailPrefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "-%");
			select.setInt(2, this.limit);
			return select;
		}
		PreparedStatement select = connection
			.prepareStatement("select id, email, role from users where id = any(?) order by id limit ?");
		select.setArray(1, connection.createArrayOf("int8", this.userIds.toArray()));
		select.setInt(2, this.limit);
		return select;
	}

}
