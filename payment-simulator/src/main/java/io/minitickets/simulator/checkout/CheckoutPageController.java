package io.minitickets.simulator.checkout;

import java.util.Locale;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * The page a checkout's {@code url} points to: what is paid, and a Pay and a Decline button (plain HTML forms posting
 * to the control API). It is what a person clicks in the demo.
 */
@RestController
class CheckoutPageController {

	private final CheckoutSessions sessions;

	CheckoutPageController(CheckoutSessions sessions) {
		this.sessions = sessions;
	}

	@GetMapping(path = "/checkout/{id}", produces = MediaType.TEXT_HTML_VALUE)
	ResponseEntity<String> page(@PathVariable String id) {
		return this.sessions.find(id)
			.map((session) -> ResponseEntity.ok(render(session)))
			.orElseGet(() -> ResponseEntity.status(404).body(html("Unknown checkout",
					"<p>There is no checkout " + HtmlUtils.htmlEscape(id) + ".</p>")));
	}

	private String render(CheckoutSession session) {
		String status = session.statusAt(this.sessions.now());
		String what = "<p>" + HtmlUtils.htmlEscape(session.productName()) + ": <strong>" + session.amount() + " "
				+ HtmlUtils.htmlEscape(session.currency().toUpperCase(Locale.ROOT)) + "</strong> (minor units)</p>";
		if (!"open".equals(status)) {
			return html("Checkout " + status, what + "<p>This checkout is " + status + " (payment "
					+ session.paymentStatus() + ").</p>");
		}
		String action = "/sim/checkout/sessions/" + session.id();
		return html("Pay for your booking", what + button(action + "/pay", "Pay") + button(action + "/decline", "Decline")
				+ "<p><small>MiniTickets payment simulator: no money moves.</small></p>");
	}

	private static String button(String action, String label) {
		return "<form method=\"post\" action=\"" + action + "\"><input type=\"hidden\" name=\"from\" value=\"page\">"
				+ "<button type=\"submit\">" + label + "</button></form>";
	}

	static String html(String title, String body) {
		return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + HtmlUtils.htmlEscape(title)
				+ "</title></head><body><h1>" + HtmlUtils.htmlEscape(title) + "</h1>" + body + "</body></html>";
	}

}
