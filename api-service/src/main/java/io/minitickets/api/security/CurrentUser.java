package io.minitickets.api.security;

import org.springframework.security.oauth2.jwt.Jwt;

/**
 * The authenticated caller, read from the access token.
 */
public final class CurrentUser {

	private CurrentUser() {
	}

	/**
	 * @param jwt the verified access token; the decoder ({@code AccessTokens#decoder}) admits only tokens whose
	 * subject is a positive user id
	 * @return the user id in its subject
	 */
	public static long id(Jwt jwt) {
		return Long.parseLong(jwt.getSubject());
	}

}
