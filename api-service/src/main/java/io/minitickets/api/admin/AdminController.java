package io.minitickets.api.admin;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.minitickets.api.auth.UserAccount;
import io.minitickets.api.auth.UserAccounts;
import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventRepository;
import io.minitickets.api.event.EventTerms;
import io.minitickets.api.event.WaitingRoom;
import io.minitickets.api.problem.Problems;
import io.minitickets.api.web.PathIds;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.sale.SaleTerms;
import io.minitickets.core.schema.ClosedSale;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Administration, role ADMIN only: creating events (which loads their gate counter at once) and users.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class AdminController {

	/** bcrypt reads at most 72 bytes of a password and refuses longer ones. */
	static final int MAX_PASSWORD_BYTES = 72;

	private static final Instant EARLIEST_SALE = Instant.parse("2000-01-01T00:00:00Z");

	private static final Instant LATEST_SALE = ClosedSale.OPENS_AT;

	private final EventRepository events;

	private final InventoryGate gate;

	private final UserAccounts users;

	private final PasswordEncoder passwordEncoder;

	AdminController(EventRepository events, InventoryGate gate, UserAccounts users, PasswordEncoder passwordEncoder) {
		this.events = events;
		this.gate = gate;
		this.users = users;
		this.passwordEncoder = passwordEncoder;
	}

	@PostMapping("/api/admin/events")
	ResponseEntity<Event> createEvent(@Valid @RequestBody CreateEventRequest request) {
		if (request.saleOpensAt().isBefore(EARLIEST_SALE) || request.saleOpensAt().isAfter(LATEST_SALE)) {
			throw Problems.badRequest("'saleOpensAt' must be between " + EARLIEST_SALE + " and " + LATEST_SALE + ".");
		}
		int maxPerOrder = (request.maxPerOrder() != null) ? request.maxPerOrder()
				: CreateEventRequest.DEFAULT_MAX_PER_ORDER;
		EventTerms terms = terms(request);
		WaitingRoom waitingRoom = (request.waitingRoom() != null)
				? request.waitingRoom().checked("waitingRoom", request.saleOpensAt(), null) : null;
		Event event = this.events.create(request.name(), request.capacity(), request.saleOpensAt(), maxPerOrder,
				request.perUserLimit(), terms, waitingRoom);
		try {
			this.gate.load(event.id(), event.capacity());
		}
		catch (ValkeyUnavailableException ex) {
			// The reconciler loads missing counters; until then the gate fails open.
		}
		return ResponseEntity.created(URI.create("/api/events/" + event.id())).body(event);
	}

	/**
	 * Sets or replaces an event's waiting room (issue 18); {@code {"enabled": false}} alone disables it keeping its
	 * admission, and leaves an event without one as it is. Other instances see it within their event cache's TTL.
	 * @param idSegment the event id
	 * @param request the waiting room
	 * @return the event, with it
	 */
	@PutMapping("/api/admin/events/{id}/waiting-room")
	Event setWaitingRoom(@PathVariable("id") String idSegment, @RequestBody WaitingRoomRequest request) {
		long id = PathIds.parse("id", idSegment);
		Event event = this.events.find(id).orElseThrow(() -> Problems.unknownEvent(id));
		return this.events.setWaitingRoom(id, request.checked("", event.saleOpensAt(), event.waitingRoom()))
			.orElseThrow(() -> Problems.unknownEvent(id));
	}

	private static EventTerms terms(CreateEventRequest request) {
		long price = (request.price() != null) ? request.price() : 0;
		String problem = SaleTerms.currencyProblem(price, request.currency());
		if (problem != null) {
			throw Problems.badRequest(problem + ".");
		}
		if (request.cancellableUntil() != null && (request.cancellableUntil().isBefore(EARLIEST_SALE)
				|| request.cancellableUntil().isAfter(LATEST_SALE))) {
			throw Problems.badRequest(
					"'cancellableUntil' must be between " + EARLIEST_SALE + " and " + LATEST_SALE + ".");
		}
		return new EventTerms(price, request.currency(),
				(request.holdSeconds() != null) ? request.holdSeconds() : SaleTerms.DEFAULT_HOLD_SECONDS,
				(request.offerSeconds() != null) ? request.offerSeconds() : SaleTerms.DEFAULT_OFFER_SECONDS,
				request.cancellableUntil());
	}

	@PostMapping("/api/admin/users")
	ResponseEntity<UserView> createUser(@Valid @RequestBody CreateUserRequest request) {
		if (request.password().getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
			throw Problems.badRequest("'password' must be at most " + MAX_PASSWORD_BYTES + " bytes in UTF-8.");
		}
		String role = (request.role() != null) ? request.role() : "USER";
		UserAccount user = this.users.create(request.email(), this.passwordEncoder.encode(request.password()), role)
			.orElseThrow(() -> Problems.conflict("A user with email " + request.email() + " exists already."));
		return ResponseEntity.status(HttpStatus.CREATED).body(new UserView(user.id(), user.email(), user.role()));
	}

}
