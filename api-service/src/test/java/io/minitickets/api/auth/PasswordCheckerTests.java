package io.minitickets.api.auth;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.minitickets.api.problem.ApiException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * Password checks are bounded: at most the hashing threads plus the queue run or wait; one more is refused at once with
 * 503 and Retry-After, and a permit comes back when its hash has run.
 */
class PasswordCheckerTests {

	private static final UserAccount USER = new UserAccount(7, "user@test.local", "hash-of-secret", "USER");

	/** Holds every hash until released, so the test decides when the hashing threads are busy. */
	private final CountDownLatch release = new CountDownLatch(1);

	private final AtomicInteger hashing = new AtomicInteger();

	private final PasswordEncoder slowEncoder = new PasswordEncoder() {

		@Override
		public String encode(CharSequence rawPassword) {
			return "hash-of-" + rawPassword;
		}

		@Override
		public boolean matches(CharSequence rawPassword, String encodedPassword) {
			if (!encodedPassword.equals(encode("no user has this password"))) {
				PasswordCheckerTests.this.hashing.incrementAndGet();
				try {
					PasswordCheckerTests.this.release.await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return encodedPassword.equals(encode(rawPassword));
		}

	};

	private final List<Thread> callers = new CopyOnWriteArrayList<>();

	private final PasswordChecker checker = new PasswordChecker(this.slowEncoder,
			new AuthProperties(100, 1, 1, Duration.ofSeconds(3)));

	@AfterEach
	void stop() {
		this.release.countDown();
		this.checker.destroy();
	}

	@Test
	void refusesACheckBeyondTheThreadsAndTheQueueWithRetryAfter() throws Exception {
		CompletableFuture<Boolean> running = check("secret");
		await().atMost(Duration.ofSeconds(10)).until(() -> this.hashing.get() == 1);
		CompletableFuture<Boolean> queued = check("wrong");
		// parked in Future.get: it holds the queue's permit behind the running hash
		await().atMost(Duration.ofSeconds(10)).until(() -> this.callers.get(1).getState() == Thread.State.WAITING);

		ApiException refused = catchThrowableOfType(ApiException.class, () -> this.checker.matches("secret", USER));

		assertThat(refused.getStatus()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(refused.getRetryAfterSeconds()).isEqualTo(3);
		assertThat(refused.getMessage()).contains("log-ins");
		assertThat(this.hashing.get()).as("the refused check hashed nothing").isEqualTo(1);
		this.release.countDown();
		assertThat(running.get(10, TimeUnit.SECONDS)).isTrue();
		assertThat(queued.get(10, TimeUnit.SECONDS)).isFalse();
		assertThat(this.checker.matches("secret", USER)).as("permits come back after the hashes ran").isTrue();
	}

	private CompletableFuture<Boolean> check(String password) {
		CompletableFuture<Boolean> result = new CompletableFuture<>();
		this.callers.add(Thread.ofVirtual().start(() -> {
			try {
				result.complete(this.checker.matches(password, USER));
			}
			catch (RuntimeException ex) {
				result.completeExceptionally(ex);
			}
		}));
		return result;
	}

	@Test
	void anUnknownUserNeverMatches() {
		this.release.countDown();

		assertThat(this.checker.matches("no user has this password", null)).isFalse();
	}

}
