package io.minitickets.simulator.webhook;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.minitickets.simulator.SimulatorProperties;
import io.minitickets.simulator.behaviour.Behaviour;
import io.minitickets.simulator.behaviour.Behaviours;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Delivers events to the webhook URL as Stripe does: {@code POST} of the event's JSON with a fresh
 * {@code Stripe-Signature} per attempt; a 2xx answer delivers it, anything else (another status, no connection, no
 * answer within {@link SimulatorProperties#deliveryTimeout()}) is retried after {@link SimulatorProperties#retryDelay}
 * until {@link SimulatorProperties#deliveryAttempts()} attempts were made. The scripted {@link Behaviour} delays,
 * duplicates or reorders deliveries.
 *
 * @see <a href="https://docs.stripe.com/webhooks#retries">Stripe: webhook retries</a>
 */
@Component
public class WebhookDeliverer implements DisposableBean {

	private final SimulatorProperties properties;

	private final Behaviours behaviours;

	private final Deliveries deliveries;

	private final WebhookSigner signer;

	private final WebhookTargetLog targetLog;

	private final HttpClient http;

	private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
			Thread.ofPlatform().name("webhook-deliveries").daemon().factory());

	/** Every event published, by its id, so the control API can deliver one again ({@link #replay}). */
	private final Map<String, WebhookEvent> published = new ConcurrentHashMap<>();

	/** Events held back while {@link Behaviour#outOfOrder()} is on. */
	private final List<WebhookEvent> held = new ArrayList<>();

	WebhookDeliverer(SimulatorProperties properties, Behaviours behaviours, Deliveries deliveries) {
		this.properties = properties;
		this.behaviours = behaviours;
		this.deliveries = deliveries;
		this.signer = new WebhookSigner(properties.webhookSecret());
		this.targetLog = new WebhookTargetLog(properties.webhookUrl());
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(properties.deliveryTimeout())
			.build();
		behaviours.onChange(this::release);
	}

	/**
	 * Hands an event to delivery, as the behaviour in force says.
	 * @param type the event type, for example {@code checkout.session.completed}
	 * @param object the event's {@code data.object}, a Stripe-shaped object
	 */
	public void publish(String type, Map<String, Object> object) {
		WebhookEvent event = WebhookEvent.of(type, object, Instant.now());
		this.published.put(event.id(), event);
		Behaviour behaviour = this.behaviours.current();
		List<WebhookEvent> ready;
		synchronized (this.held) {
			if (!behaviour.outOfOrder()) {
				ready = List.of(event);
			}
			else {
				this.held.add(event);
				if (this.held.size() < 2) {
					return;
				}
				ready = takeHeldReversed();
			}
		}
		ready.forEach((next) -> dispatch(next, behaviour));
	}

	/**
	 * Delivers a published event once more, as Stripe does when an event is resent from its dashboard or retried a day
	 * later: the same event id and body, a fresh {@code Stripe-Signature} (signed with the time of each attempt),
	 * retried like any delivery; whatever the behaviour in force.
	 * @param eventId the event's id ({@code evt_…})
	 * @return the new delivery, or empty when no event of that id was published
	 */
	public Optional<Delivery> replay(String eventId) {
		WebhookEvent event = this.published.get(eventId);
		if (event == null) {
			return Optional.empty();
		}
		Delivery delivery = this.deliveries.start(event);
		schedule(delivery, event, Duration.ZERO);
		return Optional.of(delivery);
	}

	/** A change of behaviour sends what was held, newest first. */
	private void release(Behaviour behaviour) {
		List<WebhookEvent> ready;
		synchronized (this.held) {
			ready = takeHeldReversed();
		}
		ready.forEach((event) -> dispatch(event, behaviour));
	}

	private List<WebhookEvent> takeHeldReversed() {
		List<WebhookEvent> reversed = new ArrayList<>(this.held.reversed());
		this.held.clear();
		return reversed;
	}

	private void dispatch(WebhookEvent event, Behaviour behaviour) {
		int copies = behaviour.duplicate() ? 2 : 1;
		for (int copy = 0; copy < copies; copy++) {
			Delivery delivery = this.deliveries.start(event);
			schedule(delivery, event, Duration.ofMillis(behaviour.delayMs()));
		}
	}

	private void schedule(Delivery delivery, WebhookEvent event, Duration delay) {
		this.scheduler.schedule(() -> attempt(delivery, event), delay.toMillis(), TimeUnit.MILLISECONDS);
	}

	private void attempt(Delivery delivery, WebhookEvent event) {
		HttpRequest request = HttpRequest.newBuilder(this.properties.webhookUrl())
			.timeout(this.properties.deliveryTimeout())
			.header("Content-Type", "application/json; charset=utf-8")
			.header("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
			.header("Stripe-Signature", this.signer.sign(event.body(), Instant.now().getEpochSecond()))
			.POST(HttpRequest.BodyPublishers.ofByteArray(event.body()))
			.build();
		this.http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
			.whenComplete((response, failure) -> ended(delivery, event, (response != null) ? response.statusCode() : null,
					(failure != null) ? describe(failure) : null));
	}

	private void ended(Delivery delivery, WebhookEvent event, @Nullable Integer status, @Nullable String error) {
		if (status != null && status >= 200 && status < 300) {
			this.deliveries.attempted(delivery, status, null, Delivery.State.DELIVERED);
			this.targetLog.succeeded();
			return;
		}
		int attempts = delivery.attempts() + 1;
		boolean last = attempts >= this.properties.deliveryAttempts();
		Delivery recorded = this.deliveries.attempted(delivery, status, error,
				last ? Delivery.State.FAILED : Delivery.State.PENDING);
		this.targetLog.failed(status, error, attempts, this.properties.deliveryAttempts());
		if (last) {
			this.targetLog.gaveUp(recorded);
			return;
		}
		schedule(recorded, event, this.properties.retryDelay(attempts));
	}

	private static String describe(Throwable failure) {
		Throwable cause = (failure.getCause() != null) ? failure.getCause() : failure;
		return cause.getClass().getSimpleName() + ((cause.getMessage() != null) ? ": " + cause.getMessage() : "");
	}

	@Override
	public void destroy() {
		this.scheduler.shutdownNow();
		this.http.close();
	}

}
