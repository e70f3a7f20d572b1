package io.minitickets.api.security;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.problem.ProblemTypes;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;

/**
 * Authenticates a request that Spring Security's filter chain does not walk (the booking route), with the chain's
 * parts and answers: the {@code Authorization: Bearer} header read by {@link BearerTokenHeader}, the token verified by
 * the service's {@link JwtDecoder} (the verified-token cache), and every failure — no token, a malformed, forged or
 * expired one — answered with the entry point's 401. A header value the chain's firewall refuses
 * ({@link HeaderCharacters}) is a 400.
 */
public final class BearerAuthenticator {

	private final BearerTokenHeader header = new BearerTokenHeader();

	private final JwtDecoder decoder;

	/**
	 * @param decoder the service's token decoder
	 */
	public BearerAuthenticator(JwtDecoder decoder) {
		this.decoder = decoder;
	}

	/**
	 * @param request the request
	 * @return the caller's user id, from a verified, unexpired access token
	 * @throws ApiException 401 when there is no valid token; 400 when the Authorization header holds characters the
	 * firewall refuses
	 */
	public long userId(HttpServletRequest request) {
		String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (authorization != null && !HeaderCharacters.isAllowedValue(authorization)) {
			throw Problems.rejectedBeforeTheApi(HttpStatus.BAD_REQUEST);
		}
		String token;
		try {
			token = this.header.resolve(request);
		}
		catch (OAuth2AuthenticationException ex) {
			throw unauthorized();
		}
		if (token == null) {
			throw unauthorized();
		}
		Jwt jwt;
		try {
			jwt = this.decoder.decode(token);
		}
		catch (JwtException ex) {
			throw unauthorized();
		}
		return CurrentUser.id(jwt);
	}

	/**
	 * @return the 401 (with {@code WWW-Authenticate: Bearer}) every unauthenticated request gets, here and from the
	 * filter chain's entry point
	 */
	static ApiException unauthorized() {
		return new ApiException(HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Unauthorized",
				"A valid, unexpired Bearer token is required.", null)
			.withHeader("WWW-Authenticate", "Bearer");
	}

}
