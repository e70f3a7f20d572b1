package io.minitickets.loadtests.chaos;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import io.minitickets.loadtests.client.ApiClient;
import io.minitickets.loadtests.client.ApiResponse;
import io.minitickets.localstack.chaos.FaultKind;
import io.minitickets.localstack.chaos.PaymentProbe;
import io.minitickets.localstack.chaos.ProcessWaits;
import org.jspecify.annotations.Nullable;

/**
 * A round's {@link PaymentProbe}: one seat at a time of the round's paid probe event (no load books it, it has seats to
 * spare) as the run's paying probe user, booked through a {@link RoundProbe} of its own: each booking request is
 * kept as an {@link Answer} of the phase, so its 202s are checked like the load's (settled, oversold, seat
 * conservation, money).
 */
final class RoundPayments implements PaymentProbe {

	private static final Duration HELD_WAIT = Duration.ofSeconds(90);

	private static final Duration POLL = Duration.ofMillis(250);

	private final ApiClient api;

	private final String token;

	private final RoundProbe booker;

	/**
	 * @param api api-service (its URL stays the same across restarts)
	 * @param token the paying probe user's Bearer token
	 * @param eventId the round's paid probe event
	 * @param fault the phase its answers are recorded under
	 */
	RoundPayments(ApiClient api, String token, long eventId, FaultKind fault) {
		this.api = api;
		this.token = token;
		this.booker = new RoundProbe(api, token, eventId, fault);
	}

	@Override
	public @Nullable String hold() {
		long deadline = System.nanoTime() + HELD_WAIT.toNanos();
		String bookingId = null;
		while (bookingId == null && System.nanoTime() - deadline < 0) {
			Answer answer = this.booker.bookOne();
			bookingId = answer.accepted() ? answer.bookingId() : null;
			if (bookingId == null) {
				ProcessWaits.pause(Duration.ofSeconds(1));
			}
		}
		return (bookingId != null && awaitState(bookingId, "HELD", "NONE", HELD_WAIT)) ? bookingId : null;
	}

	@Override
	public @Nullable String checkout(String bookingId) {
		try {
			ApiResponse response = this.api.checkout(this.token, bookingId);
			return (response.status() == 201) ? this.api.text(response.body(), "checkoutId") : null;
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	@Override
	public int cancel(String bookingId) {
		try {
			return this.api.cancel(this.token, bookingId);
		}
		catch (IOException ex) {
			return 0;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
	}

	@Override
	public boolean awaitState(String bookingId, String status, String paymentState, Duration within) {
		String wanted = status + " " + paymentState;
		long deadline = System.nanoTime() + within.toNanos();
		do {
			try {
				if (wanted.equals(this.api.statusAndPayment(this.token, bookingId))) {
					return true;
				}
			}
			catch (IOException ex) {
				// api-service restarting: ask again
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			ProcessWaits.pause(POLL);
		}
		while (System.nanoTime() - deadline < 0);
		return false;
	}

	/**
	 * @return every booking request the probe sent, in order
	 */
	List<Answer> answers() {
		return this.booker.answers();
	}

}
