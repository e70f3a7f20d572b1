package io.minitickets.ops.waitlist;

import io.minitickets.ops.OpsIntegrationTestSupport;
import io.minitickets.ops.PaidBookings;
import io.minitickets.ops.system.ExitCodes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ops waitlist list}: the entries in the order of service, positions among the WAITING ones, offers, filters.
 */
class ListWaitlistCommandIntegrationTests extends OpsIntegrationTestSupport {

	@Test
	void listsTheWaitingEntriesInTheOrderOfServiceThenTheOffered() {
		PaidBookings paid = new PaidBookings(this.jdbc, this.kafka, this.gate, TIMEOUT);
		long eventId = paid.event(2, PaidBookings.PRICE);
		long first = paid.join(eventId, 61, 2);
		long second = paid.join(eventId, 62, 1);
		long left = paid.join(eventId, 63, 1);
		this.jdbc.update("update waitlist_entries set state = 'LEFT' where id = ?", left);
		String event = Long.toString(eventId);

		Run live = ops("waitlist", "list", "--event", event);
		Run leftOnly = ops("waitlist", "list", "--event", event, "--state", "LEFT");
		Run oneUser = ops("waitlist", "list", "--event", event, "--user", "62");

		assertThat(live.exit()).as(live.toString()).isEqualTo(ExitCodes.DONE);
		assertThat(live.out()).containsPattern("\\s+1 " + first + "\\s+61\\s+2 WAITING\\s+\\S+\\s+-")
			.containsPattern("\\s+2 " + second + "\\s+62\\s+1 WAITING")
			.doesNotContain(" LEFT ")
			.contains("2 waiting (3 seats) and 0 offered on event " + eventId + "; 2 shown");
		assertThat(leftOnly.out()).containsPattern("\\s+- " + left + "\\s+63\\s+1 LEFT").contains("1 shown");
		assertThat(oneUser.out()).contains("2 " + second).doesNotContain(" 61 ");
	}

	@Test
	void anUnknownStateIsBadUsage() {
		Run run = ops("waitlist", "list", "--event", "1", "--state", "GONE");

		assertThat(run.exit()).isEqualTo(ExitCodes.BAD_USAGE);
	}

}
