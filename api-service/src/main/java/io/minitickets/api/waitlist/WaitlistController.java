package io.minitickets.api.waitlist;

import io.minitickets.api.security.CurrentUser;
import io.minitickets.api.web.PathIds;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/events/{id}/waitlist}: join a sold-out event's waiting list (201), see one's own entry
 * ({@code GET .../waitlist/me}) and leave it ({@code DELETE .../waitlist/me}, 204). Bearer token; a caller only ever
 * sees their own entry; a malformed event id is a 400 problem, an unknown one a 404.
 */
@RestController
class WaitlistController {

	private final Waitlist waitlist;

	WaitlistController(Waitlist waitlist) {
		this.waitlist = waitlist;
	}

	@PostMapping(path = "/api/events/{eventId}/waitlist", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	WaitlistEntryView join(@PathVariable("eventId") String eventId, @RequestBody JoinRequest request,
			@AuthenticationPrincipal Jwt jwt) {
		return this.waitlist.join(PathIds.parse("eventId", eventId), CurrentUser.id(jwt), request.checkedQuantity());
	}

	@GetMapping(path = "/api/events/{eventId}/waitlist/me", produces = MediaType.APPLICATION_JSON_VALUE)
	WaitlistEntryView entry(@PathVariable("eventId") String eventId, @AuthenticationPrincipal Jwt jwt) {
		return this.waitlist.entry(PathIds.parse("eventId", eventId), CurrentUser.id(jwt));
	}

	@DeleteMapping("/api/events/{eventId}/waitlist/me")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	void leave(@PathVariable("eventId") String eventId, @AuthenticationPrincipal Jwt jwt) {
		this.waitlist.leave(PathIds.parse("eventId", eventId), CurrentUser.id(jwt));
	}

}
