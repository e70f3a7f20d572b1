package io.minitickets.simulator.checkout;

import java.util.Map;

import io.minitickets.simulator.behaviour.Behaviour;
import io.minitickets.simulator.behaviour.Behaviours;
import io.minitickets.simulator.web.SimulatorProblems;
import io.minitickets.simulator.webhook.WebhookDeliverer;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * The control API's pay and decline calls ({@code POST /sim/checkout/sessions/{id}/pay} and {@code /decline}): they
 * complete an open session as the customer would on the provider's page, and send the signed webhook
 * ({@code checkout.session.completed} or {@code checkout.session.async_payment_failed}). The scripted behaviour
 * applies: {@code decline} turns a pay into a decline, {@code never} changes nothing and sends nothing. The checkout
 * page's buttons post here with {@code from=page} and get a page back instead of JSON.
 */
@RestController
class CheckoutControlController {

	private final CheckoutSessions sessions;

	private final Behaviours behaviours;

	private final WebhookDeliverer webhooks;

	CheckoutControlController(CheckoutSessions sessions, Behaviours behaviours, WebhookDeliverer webhooks) {
		this.sessions = sessions;
		this.behaviours = behaviours;
		this.webhooks = webhooks;
	}

	@PostMapping("/sim/checkout/sessions/{id}/pay")
	Map<String, Object> pay(@PathVariable String id) {
		return complete(id, true).toJson(this.sessions.now());
	}

	@PostMapping("/sim/checkout/sessions/{id}/decline")
	Map<String, Object> decline(@PathVariable String id) {
		return complete(id, false).toJson(this.sessions.now());
	}

	@PostMapping(path = "/sim/checkout/sessions/{id}/pay", params = "from=page", produces = MediaType.TEXT_HTML_VALUE)
	String payOnPage(@PathVariable String id) {
		return outcomePage(complete(id, true));
	}

	@PostMapping(path = "/sim/checkout/sessions/{id}/decline", params = "from=page",
			produces = MediaType.TEXT_HTML_VALUE)
	String declineOnPage(@PathVariable String id) {
		return outcomePage(complete(id, false));
	}

	@ExceptionHandler(SessionNotOpenException.class)
	ResponseEntity<ProblemDetail> notOpen(SessionNotOpenException ex) {
		HttpStatus status = "unknown".equals(ex.status()) ? HttpStatus.NOT_FOUND : HttpStatus.CONFLICT;
		ProblemDetail problem = SimulatorProblems.of(status, ex.getMessage());
		problem.setTitle("unknown".equals(ex.status()) ? "No such checkout session" : "Checkout session not open");
		problem.setProperty("sessionStatus", ex.status());
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	private CheckoutSession complete(String id, boolean pay) {
		Behaviour behaviour = this.behaviours.current();
		if (behaviour.never()) {
			return this.sessions.find(id).orElseThrow(() -> new SessionNotOpenException(id, "unknown"));
		}
		boolean paid = pay && !behaviour.decline();
		CheckoutSession session = this.sessions.complete(id, paid);
		this.webhooks.publish(paid ? "checkout.session.completed" : "checkout.session.async_payment_failed",
				session.toJson(this.sessions.now()));
		return session;
	}

	private static String outcomePage(CheckoutSession session) {
		if ("open".equals(session.status())) {
			return CheckoutPageController.html("Payment not completed", "<p>The simulator is told never to complete "
					+ "a payment (POST /sim/behaviour); this checkout stays open.</p>");
		}
		boolean paid = "paid".equals(session.paymentStatus());
		String link = paid ? session.successUrl() : session.cancelUrl();
		return CheckoutPageController.html(paid ? "Paid" : "Payment declined",
				"<p>" + HtmlUtils.htmlEscape(session.productName()) + "</p><p><a href=\"" + HtmlUtils.htmlEscape(link)
						+ "\">Back to the shop</a></p>");
	}

}
