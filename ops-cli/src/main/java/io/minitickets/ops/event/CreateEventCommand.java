package io.minitickets.ops.event;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

import io.minitickets.core.sale.SaleTerms;
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

	@Option(names = "--name", required = true, paramLabel = "TEXT", description = "The event's name: 1 to " + SaleTerms.MAX_NAME_LENGTH + " UTF-16 code units, no control, format or separator "
					+ "characters (Unicode Cc, Cf, Zl, Zp).")
	private String name = "";

	@Option(names = "--capacity", required = true, paramLabel = "SEATS", description = "Seats on sale, 1 to " + SaleTerms.MAX_CAPACITY + " (as the admin API).")
	private int capacity;

	@Option(names = "--opens-at", paramLabel = "TIME", converter = Times.class,
			description = "When the sale opens, ISO-8601, UTC unless a zone is given (default: now).")
	private @Nullable Instant opensAt;

	@Option(names = "--max-per-order", paramLabel = "SEATS", defaultValue = "10",
			description = "Most seats one booking may ask for, 1 to " + SaleTerms.MAX_PER_ORDER + " (default: ${DEFAULT-VALUE}).")
	private int maxPerOrder = 10;

	@Option(names = "--per-user-limit", paramLabel = "SEATS",
			description = "Most seats per user, held or confirmed, 1 or more (default: no limit).")
	private @Nullable Integer perUserLimit;

	@Option(names = "--price", paramLabel = "MINOR_UNITS", defaultValue = "0",
			description = "Price of one seat in minor units of --currency (cents for EUR), 0 to 100000000; above 0 "
					+ "bookings are HELD until paid or expired (default: ${DEFAULT-VALUE}, free).")
	private long price;

	@Option(names = "--currency", paramLabel = "ISO_4217",
			description = "Currency code, three upper-case letters; required when --price is above 0.")
	private @Nullable String currency;

	@Option(names = "--hold", paramLabel = "SECONDS", defaultValue = "600",
			description = "How long a booking of a paid event holds its seats unpaid, 5 to 86400 s "
					+ "(default: ${DEFAULT-VALUE}).")
	private int holdSeconds = SaleTerms.DEFAULT_HOLD_SECONDS;

	@Option(names = "--offer", paramLabel = "SECONDS", defaultValue = "1800",
			description = "How long a waiting-list offer stands, 5 to 86400 s (default: ${DEFAULT-VALUE}).")
	private int offerSeconds = SaleTerms.DEFAULT_OFFER_SECONDS;

	@Option(names = "--cancellable-until", paramLabel = "TIME", converter = Times.class,
			description = "Last moment a booking may be cancelled, ISO-8601 (default: while it is held or confirmed).")
	private @Nullable Instant cancellableUntil;

	@Override
	public Integer call() throws Exception {
		bounded("--capacity", this.capacity, 1, SaleTerms.MAX_CAPACITY);
		bounded("--max-per-order", this.maxPerOrder, 1, SaleTerms.MAX_PER_ORDER);
		if (this.perUserLimit != null) {
			bounded("--per-user-limit", this.perUserLimit, 1, Integer.MAX_VALUE);
		}
		if (this.name.isBlank()) {
			throw new BadUsageException("--name must not be blank");
		}
		if (this.name.length() > SaleTerms.MAX_NAME_LENGTH) {
			throw new BadUsageException("--name must be 1 to " + SaleTerms.MAX_NAME_LENGTH
					+ " UTF-16 code units long (a character past U+FFFF counts 2), not " + this.name.length());
		}
		OptionalInt control = ControlCharacters.first(this.name);
		if (control.isPresent()) {
			throw new BadUsageException("--name must not contain " + ControlCharacters.describe(control.getAsInt())
					+ ", a control or format character");
		}
		checkTerms();
		Instant opens = (this.opensAt != null) ? this.opensAt : Instant.now();
		long id;
		try (Connection connection = new Postgres(this.events.ops().settings()).connect();
				PreparedStatement insert = connection.prepareStatement("""
						insert into events (name, capacity, sale_opens_at, max_per_order, per_user_limit, price, currency,
						                    hold_seconds, offer_seconds, cancellable_until)
						values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""")) {
			insert.setString(1, this.name);
			insert.setInt(2, this.capacity);
			insert.setTimestamp(3, Timestamp.from(opens));
			insert.setInt(4, this.maxPerOrder);
			insert.setObject(5, this.perUserLimit);
			insert.setLong(6, this.price);
			insert.setString(7, this.currency);
			insert.setInt(8, this.holdSeconds);
			insert.setInt(9, this.offerSeconds);
			insert.setTimestamp(10, (this.cancellableUntil != null) ? Timestamp.from(this.cancellableUntil) : null);
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
			.print(TerminalText.format("created event %d '%s': %d seats, %s, sale opens %s; %s%n", id, this.name,
					this.capacity, (this.price > 0) ? this.price + " " + this.currency + " a seat, held "
							+ this.holdSeconds + " s" : "free", opens, gate));
		return ExitCodes.DONE;
	}

	private void checkTerms() {
		bounded("--price", this.price, 0, SaleTerms.MAX_PRICE);
		String currencyProblem = SaleTerms.currencyProblem(this.price, this.currency);
		if (currencyProblem != null) {
			throw new BadUsageException(currencyProblem.replace("'currency'", "--currency")
				.replace("'price'", "--price"));
		}
		bounded("--hold", this.holdSeconds, SaleTerms.MIN_WINDOW_SECONDS, SaleTerms.MAX_WINDOW_SECONDS);
		bounded("--offer", this.offerSeconds, SaleTerms.MIN_WINDOW_SECONDS, SaleTerms.MAX_WINDOW_SECONDS);
	}

	/**
	 * Checks one option against the admin API's bound on its field ({@code CreateEventRequest}), in the words of the
	 * API's {@code @Positive}, {@code @Min} and {@code @Max}.
	 * @throws BadUsageException when the value is out of bounds
	 */
	private static void bounded(String option, long value, long min, long max) {
		if (value < min) {
			throw new BadUsageException(option + " must be "
					+ ((min == 1) ? "greater than 0" : "greater than or equal to " + min) + ", not " + value);
		}
		if (value > max) {
			throw new BadUsageException(option + " must be less than or equal to " + max + ", not " + value);
		}
	}

}
