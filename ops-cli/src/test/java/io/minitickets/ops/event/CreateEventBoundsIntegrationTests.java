package io.minitickets.ops.event;

import io.minitickets.core.sale.SaleTerms;
import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.system.ExitCodes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops events create} reads whole numbers as such ({@link io.minitickets.ops.system.WholeNumbers}) and takes what the admin API takes ({@code CreateEventRequest}'s bounds, shared through
 * {@link SaleTerms}): a value past a bound is bad usage (exit 2), said in the API's words, and no event is created.
 */
class CreateEventBoundsIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void aValuePastTheAdminApisBoundIsBadUsageAndCreatesNothing() {
		int events = eventCount();

		assertRefused("--capacity must be less than or equal to 1000000, not 5000000", "--capacity", "5000000");
		assertRefused("--capacity must be greater than 0, not 0", "--capacity", "0");
		assertRefused("--max-per-order must be less than or equal to 1000, not 1001", "--capacity", "5",
				"--max-per-order", "1001");
		assertRefused("--per-user-limit must be greater than 0, not 0", "--capacity", "5", "--per-user-limit", "0");
		assertRefused("--price must be less than or equal to 100000000, not 100000001", "--capacity", "5", "--price",
				"100000001", "--currency", "EUR");
		assertRefused("--hold must be greater than or equal to 5, not 4", "--capacity", "5", "--hold", "4");
		assertRefused("--offer must be less than or equal to 86400, not 86401", "--capacity", "5", "--offer",
				"86401");
		Run longName = ops("events", "create", "--name", "x".repeat(201), "--capacity", "5");
		assertThat(longName.exit()).as(longName.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(longName.err()).contains("--name must be 1 to 200 UTF-16 code units long");
		assertThat(eventCount()).isEqualTo(events);

		Run atTheBounds = ops("events", "create", "--name", "y".repeat(200), "--capacity", "1000000",
				"--max-per-order", "1000");
		assertThat(atTheBounds.exit()).as(atTheBounds.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(eventCount()).isEqualTo(events + 1);
	}

	@Test
	void aValueThatIsNotAWholeNumberIsSaidSoForEveryOptionAndParameter() {
		Run capacity = ops("events", "create", "--name", "Sale day", "--capacity", "abc");
		Run price = ops("events", "create", "--name", "Sale day", "--capacity", "5", "--price", "1.50");
		Run tooBig = ops("events", "create", "--name", "Sale day", "--capacity", "99999999999");
		Run event = ops("events", "close", "abc");

		assertThat(capacity.exit()).as(capacity.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(capacity.err()).startsWith("Invalid value for option '--capacity': 'abc' is not a whole number\n");
		assertThat(price.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(price.err()).startsWith("Invalid value for option '--price': '1.50' is not a whole number\n");
		assertThat(tooBig.err()).startsWith("Invalid value for option '--capacity': '99999999999' is not a whole "
				+ "number from -2147483648 to 2147483647\n");
		assertThat(event.exit()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(event.err()).contains("'abc' is not a whole number").doesNotContain("not a long");
	}

	private void assertRefused(String message, String... options) {
		String[] args = new String[options.length + 4];
		args[0] = "events";
		args[1] = "create";
		args[2] = "--name";
		args[3] = "Sale day";
		System.arraycopy(options, 0, args, 4, options.length);
		Run run = ops(args);
		assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.BAD_USAGE);
		assertThat(run.err()).as(run.toString()).contains(message);
	}

	private int eventCount() {
		return this.jdbc.queryForObject("select count(*) from events", Integer.class);
	}

}
