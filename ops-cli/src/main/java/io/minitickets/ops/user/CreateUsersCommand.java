package io.minitickets.ops.user;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops users create --count N}: N users with one known password, in one multi-row insert. The password is
 * hashed once (bcrypt, the API's delegating encoder), so a million users cost one hash, not a million.
 */
@Command(name = "create", mixinStandardHelpOptions = true, sortOptions = false,
		description = { "Creates N users with role USER in one insert: emails <prefix>-<n>@minitickets.test, one "
				+ "known password (they can log in); prints the email prefix, the id range and the password.",
				"Mint their tokens with: ops tokens mint --email-prefix <prefix>" })
final class CreateUsersCommand implements Callable<Integer> {

	/** The most users one run creates: one statement, bounded. */
	static final int MAX_COUNT = 1_000_000;

	@ParentCommand
	private UsersCommand users;

	@Spec
	private CommandSpec spec;

	@Option(names = "--count", required = true, paramLabel = "N", description = "How many users, 1 to 1000000.")
	private int count;

	@Option(names = "--email-prefix", paramLabel = "TEXT",
			description = "Start of every email (default: load-<8 random hex digits>, new per run).")
	private @Nullable String emailPrefix;

	@Option(names = "--password", paramLabel = "TEXT", defaultValue = "load-test-password",
			description = "The password of every user (default: ${DEFAULT-VALUE}).")
	private String password = "load-test-password";

	@Override
	public Integer call() throws Exception {
		if (this.count < 1 || this.count > MAX_COUNT) {
			throw new BadUsageException("--count must be 1 to " + MAX_COUNT);
		}
		String prefix = (this.emailPrefix != null) ? this.emailPrefix
				: "load-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
		if (!prefix.matches("[A-Za-z0-9._+-]{1,200}")) {
			throw new BadUsageException("--email-prefix may hold letters, digits and . _ + - only");
		}
		String hash = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode(this.password);
		long started = System.nanoTime();
		try (Connection connection = new Postgres(this.users.ops().settings()).connect()) {
			connection.setAutoCommit(false);
			Created created = insert(connection, prefix, hash);
			if (created.count() < this.count) {
				connection.rollback();
				throw new BadUsageException((this.count - created.count()) + " of the emails " + prefix + "-1.."
						+ this.count + "@minitickets.test exist already; nothing was created (choose another "
						+ "--email-prefix)");
			}
			connection.commit();
			this.spec.commandLine()
				.getOut()
				.printf("created %d users in %d ms: ids %d..%d, emails %s-1..%d@minitickets.test, password %s%n",
						created.count(), (System.nanoTime() - started) / 1_000_000, created.firstId(),
						created.lastId(), prefix, this.count, this.password);
		}
		return ExitCodes.DONE;
	}

	private Created insert(Connection connection, String prefix, String hash) throws SQLException {
		try (PreparedStatement insert = connection.prepareStatement("""
				with created as (
				    insert into users (email, password_hash, role)
				    select ? || '-' || n || '@minitickets.test', ?, 'USER' from generate_series(1, ?) as n
				    on conflict do nothing
				    returning id)
				select count(*), coalesce(min(id), 0), coalesce(max(id), 0) from created""")) {
			insert.setString(1, prefix);
			insert.setString(2, hash);
			insert.setInt(3, this.count);
			try (ResultSet created = insert.executeQuery()) {
				created.next();
				return new Created(created.getInt(1), created.getLong(2), created.getLong(3));
			}
		}
	}

	private record Created(int count, long firstId, long lastId) {
	}

}
