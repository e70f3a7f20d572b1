package io.minitickets.localstack.chaos;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import io.minitickets.core.security.AccessTokens;
import io.minitickets.localstack.demo.ApiClient;
import io.minitickets.localstack.stack.Futures;
import io.minitickets.localstack.stack.StackException;

/**
 * Creates the run's users through the admin API and mints their access tokens with the stack's signing key, as the
 * demo does (no login per user: the login limiter is for clients, not for a load generator).
 */
final class ChaosUsers {

	/** Users created at once: each hashes a password and holds a database connection meanwhile. */
	private static final int PARALLEL = 4;

	private static final SecureRandom RANDOM = new SecureRandom();

	private ChaosUsers() {
	}

	/**
	 * @param api api-service
	 * @param adminToken an admin's access token
	 * @param jwtSecret the stack's signing key
	 * @param count how many users
	 * @return a Bearer token per user (valid 1 h), role USER
	 * @throws StackException when a user cannot be created
	 */
	static List<String> create(ApiClient api, String adminToken, String jwtSecret, int count) {
		AccessTokens tokens = new AccessTokens(jwtSecret, Duration.ofHours(1), "minitickets");
		byte[] bytes = new byte[4];
		RANDOM.nextBytes(bytes);
		String runId = HexFormat.of().formatHex(bytes);
		String password = runId + "-Chaos-1-" + runId;
		try (ExecutorService executor = Executors.newFixedThreadPool(PARALLEL)) {
			List<Future<String>> created = IntStream.range(0, count).mapToObj((i) -> executor.submit(() -> {
				String email = "chaos-" + runId + "-" + i + "@minitickets.local";
				long id = api.createUser(adminToken, email, password);
				return tokens.mint(id, email, "USER").token();
			})).toList();
			return created.stream().map((future) -> Futures.join(future, "Creating a user")).toList();
		}
	}

}
