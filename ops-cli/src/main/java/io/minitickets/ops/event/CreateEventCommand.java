package io.minitickets.ops.event;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

import io.minitickets.core.text.ControlCharacters;
import io.minitickets.core.text.TerminalText;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.ops.system.BadUsageException;
import io.minitickets.ops.system.ExitCodes;
import io.minitickets.ops.system.Postgres;
import io.minitickets.ops.system.Times;
import io.minitickets.ops.system.Valkey;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ops events create}: a new event, and its gate counter loaded with its capacity (as the admin API does).
 */
@Command(name = "create", mixinStandardHelpOptions = true, sortOptions = false,
		description = "Creates an event and loads the gate's counter with its capacity; prints its id.")
final class CreateEventCommand implements Callable<Integer> {

	@ParentCommand
	private EventsCommand events;

	@Spec
	private CommandSpec spec;

	@Option(names = "--name", required = true, paramLabel = "TEXT", description = "The event's name: 1 to 200 UTF-16 code units, no control, format or separator "
					+ "characters (Unicode Cc, Cf, Zl, Zp).")
	private String name = "";

	@Option(names = "--capacity", required = true, paramLabel = "SEATS", description = "Seats on sale, 1 or more.")
	private int capacity;

	@Option(names = "--opens-at", paramLabel = "TIME", converter = Times.class,
			description = "When the sale opens, ISO-8601, UTC unless a zone is given (default: now).")
	private @Nullable Instant opensAt;

	@Option(names = "--max-per-order", paramLabel = "SEATS", defaultValue = "10",
			description = "Most seats one booking may ask for (default: ${DEFAULT-VALUE}).")
	private int maxPerOrder = 10;

	@Option(names = "--per-user-limit", paramLabel = "SEATS",
			description = "Most confirmed seats per user (default: no limit).")
	private @Nullable Integer perUserLimit;

	@Override
	public Integer call() throws Exception {
		if (this.capacity < 1 || this.maxPerOrder < 1 || (this.perUserLimit != null && this.perUserLimit < 1)) {
			throw new BadUsageException("--capacity, --max-per-order and --per-user-limit must be 1 or more");
		}
		if (this.name.isBlank() || this.name.length() > 200) {
			throw new BadUsageException("--name must be 1 to 200 characters");
		}
		OptionalInt control = ControlCharacters.first(this.name);
		if (control.isPresent()) {
			throw new BadUsageException("--name must not contain " + ControlCharacters.describe(control.getAsInt())
					+ ", a control or format character");
		}
		Instant opens = (this.opensAt != null) ? this.opensAt : Instant.now();
		long id;
		try (Connection connection = new Postgres(this.events.ops().settings()).connect();
				PreparedStatement insert = connection.prepareStatement("""
						insert into events (name, capacity, sale_opens_at, max_per_order, per_user_limit)
						values (?, ?, ?, ?, ?) returning id""")) {
			insert.setString(1, this.name);
			insert.setInt(2, this.capacity);
			insert.setTimestamp(3, Timestamp.from(opens));
			insert.setInt(4, this.maxPerOrder);
			insert.setObject(5, this.perUserLimit);
			try (ResultSet row = insert.executeQuery()) {
				row.next();
				id = row.getLong(1);
			}
		}
		String gate;
		try (Valkey valkey = new Valkey(this.events.ops().settings())) {
			valkey.gate().load(id, this.capacity);
			gate = "gate counter loaded";
		}
		catch (ValkeyUnavailableException ex) {
			gate = "gate counter not loaded (Valkey unreachable; the reconciler loads it)";
		}
		this.spec.commandLine().getOut().printf("%d%n", id);
		this.spec.commandLine()
			.getErr()
			.print(TerminalText.format("created event %d '%s': %d seats, sale opens %s; %s%n", id, this.name,
					this.capacity, opens, gate));
		return ExitCodes.DONE;
	}

}
