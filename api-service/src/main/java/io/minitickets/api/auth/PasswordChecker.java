package io.minitickets.api.auth;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Checks passwords on a small pool of platform threads, one per core.
 * <p>
 * A bcrypt check is ~0.1–0.3 s of pure CPU. Run on a request's virtual thread it would hold one of the few carrier
 * threads (one per core) for all that time, so a burst of logins would stall every booking request behind it. Here
 * the request's virtual thread parks while the hash runs, and bookings keep flowing.
 */
@Component
class PasswordChecker implements DisposableBean {

	private final PasswordEncoder passwordEncoder;

	private final ExecutorService hashing = Executors
		.newFixedThreadPool(Runtime.getRuntime().availableProcessors(), Thread.ofPlatform().name("password-", 0)
			.daemon(true)
			.factory());

	private final String unknownUserHash;

	PasswordChecker(PasswordEncoder passwordEncoder) {
		this.passwordEncoder = passwordEncoder;
		this.unknownUserHash = passwordEncoder.encode("no user has this password");
	}

	/**
	 * Checks a password; for an unknown user it still spends one hash check, so timing does not reveal accounts.
	 * @param rawPassword what the client sent
	 * @param user the account, or null when the email is unknown
	 * @return true only when the user exists and the password matches
	 */
	boolean matches(String rawPassword, @Nullable UserAccount user) {
		String hash = (user != null) ? user.passwordHash() : this.unknownUserHash;
		try {
			boolean matches = this.hashing.submit(() -> this.passwordEncoder.matches(rawPassword, hash)).get();
			return matches && user != null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("password check failed", ex.getCause());
		}
	}

	@Override
	public void destroy() {
		this.hashing.shutdownNow();
	}

}
