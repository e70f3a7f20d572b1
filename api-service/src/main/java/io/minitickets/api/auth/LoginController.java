package io.minitickets.api.auth;

import io.minitickets.core.security.AccessToken;
import jakarta.servlet.http.HttpServletRequest;
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

	@PostMapping("/api/auth/login")
	AccessToken login(@Valid @RequestBody LoginRequest login, HttpServletRequest request) {
		return this.logins.login(login.email(), login.password(), request);
	}

}
