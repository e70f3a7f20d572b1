package io.minitickets.api.auth;

import io.minitickets.api.ratelimit.ClientIpResolver;
import io.minitickets.api.ratelimit.RequestRateLimits;
import io.minitickets.api.problem.ApiException;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.security.AccessToken;
import io.minitickets.core.security.AccessTokens;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/auth/login}: a token for a correct email and password. The client IP's login bucket is asked
 * first; when it is empty (429) or the limiter is down (503) the password is never checked.
 */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
class LoginController {

	private final RequestRateLimits rateLimits;

	private final ClientIpResolver clientIps;

	private final UserAccounts users;

	private final PasswordChecker passwords;

	private final AccessTokens accessTokens;

	LoginController(RequestRateLimits rateLimits, ClientIpResolver clientIps, UserAccounts users,
			PasswordChecker passwords, AccessTokens accessTokens) {
		this.rateLimits = rateLimits;
		this.clientIps = clientIps;
		this.users = users;
		this.passwords = passwords;
		this.accessTokens = accessTokens;
	}

	@PostMapping("/api/auth/login")
	AccessToken login(@Valid @RequestBody LoginRequest login, HttpServletRequest request) {
		this.rateLimits.checkLogin(this.clientIps.resolve(request));
		UserAccount user = this.users.findByEmail(login.email()).orElse(null);
		if (!this.passwords.matches(login.password(), user) || user == null) {
			throw new ApiException(HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized",
					"Wrong email or password.", null);
		}
		return this.accessTokens.mint(user.id(), user.email(), user.role());
	}

}
