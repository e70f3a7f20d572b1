package io.minitickets.api.system;

import org.springframework.security.oauth2.jwt.Jwt;

/**
 * The authenticated caller, read from the access token.
 */
public final class CurrentUser {

	private CurrentUser() {
	}

	/**
	 * @param jwt the verified access token
	 * @return the user id in its subject
	 * @throws ApiException 401-like 400 when the subject is not a user id (a token this API never mints)
	 */
	public static long id(Jwt jwt) {
		try {
			return Long.parseLong(jwt.getSubject());
		}
		catch (NumberFormatException ex) {
			throw Problems.badRequest("The token's subject is not a user id.");
		}
	}

}
