package io.minitickets.api.auth;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;

import io.minitickets.api.problem.ApiException;
import io.minitickets.api.problem.Problems;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Checks passwords on a small, bounded pool of platform threads ({@code minitickets.auth.password-check-*}).
 * <p>
 * A bcrypt check is ~0.1–0.3 s of pure CPU. Run on a request's virtual thread it would hold one of the few carrier
 * threads (one per core) for all that time, so a burst of logins would stall every booking request behind it. Here
 * the request's virtual thread parks while the hash runs, and bookings keep flowing. At most the threads plus the
 * queue's length of checks are admitted at a time; a log-in beyond that is answered 503 with Retry-After at once, so a
 * burst of log-ins neither queues without bound nor holds requests for many seconds.
 */
@Component
class PasswordChecker implements DisposableBean {

	private final PasswordEncoder passwordEncoder;

	private final ExecutorService hashing;

	/** Checks running or waiting for a thread: threads + queue permits. */
	private final Semaphore admitted;

	private final long retryAfterSeconds;

	private final String unknownUserHash;

	PasswordChecker(PasswordEncoder passwordEncoder, AuthProperties properties) {
		this.passwordEncoder = passwordEncoder;
		int threads = properties.effectivePasswordCheckThreads();
		this.hashing = Executors.newFixedThreadPool(threads,
				Thread.ofPlatform().name("password-", 0).daemon(true).factory());
		this.admitted = new Semaphore(threads + Math.max(0, properties.passwordCheckQueue()));
		this.retryAfterSeconds = Math.max(1, properties.passwordCheckRetryAfter().toSeconds());
		this.unknownUserHash = passwordEncoder.encode("no user has this password");
	}

	/**
	 * Checks a password; for an unknown user it still spends one hash check, so timing does not reveal accounts.
	 * @param rawPassword what the client sent
	 * @param user the account, or null when the email is unknown
	 * @return true only when the user exists and the password matches
	 * @throws ApiException 503 with Retry-After when every hashing thread is busy and the queue is full
	 */
	boolean matches(String rawPassword, @Nullable UserAccount user) {
		String hash = (user != null) ? user.passwordHash() : this.unknownUserHash;
		if (!this.admitted.tryAcquire()) {
			throw Problems.unavailable("Too many log-ins are being checked right now; try again shortly.",
					this.retryAfterSeconds);
		}
		Future<Boolean> check;
		try {
			// The permit is given back when the hash has run, not when the caller stops waiting for it.
			check = this.hashing.submit(() -> {
				try {
					return this.passwordEncoder.matches(rawPassword, hash);
				}
				finally {
					this.admitted.release();
				}
			});
		}
		catch (RejectedExecutionException ex) {
			this.admitted.release();
			throw ex;
		}
		try {
			return check.get() && user != null;
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
