package io.minitickets.loadtests.load.paid;

/**
 * A paid sale's figures once it is quiet, as {@code ./minitickets load PaidSale} prints them and writes them to JSON.
 *
 * @param payments what the provider's webhooks made of the sale's bookings
 * @param holds the sale's HELD bookings (offers included)
 * @param waitlist the sale's waiting list
 */
public record PaidSaleFigures(Payments payments, Holds holds, Waitlist waitlist) {

	/**
	 * @return the figures as a table, one line each
	 */
	public String table() {
		return String.format("""
				payments
				  succeeded                              %,10d
				  declined                               %,10d
				  refunded                               %,10d
				  duplicate webhooks                     %,10d
				holds
				  created                                %,10d
				  expired                                %,10d
				  paid                                   %,10d
				waiting list
				  joined                                 %,10d
				  offers made                            %,10d
				  offers taken                           %,10d
				""", this.payments.succeeded(), this.payments.declined(), this.payments.refunded(),
				this.payments.duplicateWebhooks(), this.holds.created(), this.holds.expired(), this.holds.paid(),
				this.waitlist.joined(), this.waitlist.offersMade(), this.waitlist.offersTaken());
	}

	/**
	 * @param succeeded {@code payments} rows of kind SUCCEEDED (one per provider event applied)
	 * @param declined {@code payments} rows of kind FAILED
	 * @param refunded {@code refunds} rows
	 * @param duplicateWebhooks deliveries of the sale's provider events beyond the first of each (the simulator's
	 * {@code /sim/deliveries}): the duplicates api-service and the worker had to absorb
	 */
	public record Payments(long succeeded, long declined, long refunded, long duplicateWebhooks) {
	}

	/**
	 * @param created bookings that were HELD (a {@code hold_expires_at}), offers included
	 * @param expired bookings EXPIRED at the end
	 * @param paid bookings a payment confirmed ({@code paid_at}), cancelled ones included
	 */
	public record Holds(long created, long expired, long paid) {
	}

	/**
	 * @param joined entries
	 * @param offersMade entries that were offered seats
	 * @param offersTaken entries whose offer was paid (TAKEN)
	 */
	public record Waitlist(long joined, long offersMade, long offersTaken) {
	}

}
