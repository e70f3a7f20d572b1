package io.minitickets.api.auth;

import io.minitickets.api.ratelimit.RateLimitFields;
import io.minitickets.core.security.AccessToken;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/auth/login}: a token for a correct email and password ({@link Logins}).
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class LoginController {

	private final Logins logins;

	LoginController(Logins logins) {
		this.logins = logins;
	}

	/**
	 * Logs in; the answer (200, 401, 429...) carries the login bucket's RateLimit fields once the bucket was asked.
	 */
	@PostMapping("/api/auth/login")
	AccessToken login(@Valid @RequestBody LoginRequest login, HttpServletRequest request,
			HttpServletResponse response) {
		try (RateLimitFields.Binding fields = RateLimitFields.answerOn(response)) {
			return this.logins.login(login.email(), login.password(), request);
		}
	}

}
