package io.minitickets.api.admin;

import java.net.URI;

import io.minitickets.api.auth.UserAccount;
import io.minitickets.api.auth.UserAccounts;
import io.minitickets.api.event.Event;
import io.minitickets.api.event.EventRepository;
import io.minitickets.api.system.Problems;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import jakarta.validation.Valid;
import org.springframework.http.ResponseEntity;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Administration, role ADMIN only: creating events (which loads their gate counter at once) and users.
 */
@RestController
class AdminController {

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
		int maxPerOrder = (request.maxPerOrder() != null) ? request.maxPerOrder()
				: CreateEventRequest.DEFAULT_MAX_PER_ORDER;
		Event event = this.events.create(request.name(), request.capacity(), request.saleOpensAt(), maxPerOrder,
				request.perUserLimit());
		try {
			this.gate.load(event.id(), event.capacity());
		}
		catch (ValkeyUnavailableException ex) {
			// The reconciler loads missing counters; until then the gate fails open.
		}
		return ResponseEntity.created(URI.create("/api/events/" + event.id())).body(event);
	}

	@PostMapping("/api/admin/users")
	ResponseEntity<UserView> createUser(@Valid @RequestBody CreateUserRequest request) {
		String role = (request.role() != null) ? request.role() : "USER";
		UserAccount user = this.users.create(request.email(), this.passwordEncoder.encode(request.password()), role)
			.orElseThrow(() -> Problems.conflict("A user with email " + request.email() + " exists already."));
		return ResponseEntity.created(URI.create("/api/admin/users/" + user.id()))
			.body(new UserView(user.id(), user.email(), user.role()));
	}

}
