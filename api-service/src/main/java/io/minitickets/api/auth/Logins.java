package io.minitickets.api.auth;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.ratelimit.ClientIpResolver;
import io.minitickets.api.ratelimit.RequestRateLimits;
import io.minitickets.core.problem.ProblemTypes;
import io.minitickets.core.security.AccessToken;
import io.minitickets.core.security.AccessTokens;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Logs a user in: a token for a correct email and password. The client IP's login bucket is asked first; when it is
 * empty (429) or the limiter is down (503) the password is never checked. Used by {@code POST /api/auth/login} and by
 * the sale-day board's own log-in on the management port.
 */
@Component
public class Logins {

	private final RequestRateLimits rateLimits;

	private final ClientIpResolver clientIps;

	private final UserAccounts users;

	private final PasswordChecker passwords;

	private final AccessTokens accessTokens;

	Logins(RequestRateLimits rateLimits, ClientIpResolver clientIps, UserAccounts users, PasswordChecker passwords,
			AccessTokens accessTokens) {
		this.rateLimits = rateLimits;
		this.clientIps = clientIps;
		this.users = users;
		this.passwords = passwords;
		this.accessTokens = accessTokens;
	}

	/**
	 * Checks the client's login bucket, then the password.
	 * @param email the login, as typed
	 * @param password the password
	 * @param request the HTTP request, for the client IP
	 * @return a token carrying the user's role
	 * @throws ApiException 401 for a wrong email or password, 429 when the client IP's login bucket is empty, 503 when
	 * the limiter cannot answer
	 */
	public AccessToken login(String email, String password, HttpServletRequest request) {
		this.rateLimits.checkLogin(this.clientIps.resolve(request));
		UserAccount user = this.users.findByEmail(email).orElse(null);
		if (!this.passwords.matches(password, user) || user == null) {
			throw new ApiException(HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized",
					"Wrong email or password.", null);
		}
		return this.accessTokens.mint(user.id(), user.email(), user.role());
	}

}
