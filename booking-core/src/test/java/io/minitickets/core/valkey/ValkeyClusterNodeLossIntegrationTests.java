package io.minitickets.core.valkey;

import java.time.Duration;
import java.util.UUID;
import java.util.function.IntPredicate;
import java.util.stream.LongStream;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.inventory.GateProperties;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.inventory.ReserveResult;
import io.minitickets.core.ratelimit.BucketPolicy;
import io.minitickets.core.ratelimit.RateLimiter;
import io.minitickets.core.testing.ValkeyClusterNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * One primary of a three-primary Valkey Cluster without replicas killed: the slots of the other two keep answering,
 * and the lost node's slots fail fast as unavailable, which the limiter answers with 503 and the gate with failing
 * open (DESIGN.md, invariant 6), exactly as for a lost single node.
 */
class ValkeyClusterNodeLossIntegrationTests {

	/** The production timeouts: a lost node must cost a caller at most this, not a hang. */
	private static final Duration TIMEOUT = Duration.ofMillis(250);

	private static final BucketPolicy BOOKING = new BucketPolicy(10, Duration.ofSeconds(1));

	private static final ValkeyKeys KEYS = new ValkeyKeys("loss-" + UUID.randomUUID().toString().substring(0, 8)
			+ ":");

	private static ValkeyClusterNodes nodes;

	private static ClientResources resources;

	private static ValkeyConnection connection;

	@BeforeAll
	static void start() {
		nodes = ValkeyClusterNodes.start();
		resources = DefaultClientResources.create();
		connection = new ValkeyConnection("limiter", nodes.url(), TIMEOUT, TIMEOUT, resources);
	}

	@AfterAll
	static void stop() {
		connection.close();
		resources.shutdown();
		nodes.close();
	}

	@Test
	void onlyTheLostNodesSlotsAnswerUnavailable() {
		RateLimiter limiter = new RateLimiter(connection, KEYS);
		InventoryGate gate = new InventoryGate(connection, KEYS,
				new GateProperties(true, Duration.ofMinutes(10), Duration.ofHours(24)));
		int lost = nodes.portOf(KEYS.bucket("book:user", "1"));
		String userOnLost = "1";
		String userElsewhere = firstUser((port) -> port != lost);
		long eventOnLost = firstEvent((port) -> port == lost);
		long eventElsewhere = firstEvent((port) -> port != lost);
		gate.load(eventOnLost, 10);
		gate.load(eventElsewhere, 10);
		assertThat(limiter.tryAcquire("book:user", userOnLost, BOOKING).allowed()).isTrue();

		nodes.kill(lost);

		assertThat(limiter.tryAcquire("book:user", userElsewhere, BOOKING).allowed()).isTrue();
		assertThat(gate.reserve(eventElsewhere, UUID.randomUUID(), 1).result()).isEqualTo(ReserveResult.RESERVED);
		assertThatExceptionOfType(ValkeyUnavailableException.class)
			.as("the limiter fails closed for the lost slots: the API answers 503")
			.isThrownBy(() -> limiter.tryAcquire("book:user", userOnLost, BOOKING));
		assertThatExceptionOfType(ValkeyUnavailableException.class)
			.as("the gate cannot answer for the lost slots: the API goes on ungated (fails open)")
			.isThrownBy(() -> gate.reserve(eventOnLost, UUID.randomUUID(), 1));
		assertThat(limiter.tryAcquire("book:user", userElsewhere, BOOKING).allowed())
			.as("the other nodes still answer after the failures")
			.isTrue();
	}

	private static String firstUser(IntPredicate node) {
		return LongStream.rangeClosed(2, 500)
			.mapToObj(Long::toString)
			.filter((user) -> node.test(nodes.portOf(KEYS.bucket("book:user", user))))
			.findFirst()
			.orElseThrow();
	}

	private static long firstEvent(IntPredicate node) {
		return LongStream.rangeClosed(1, 500)
			.filter((event) -> node.test(nodes.portOf(KEYS.event(event).available())))
			.findFirst()
			.orElseThrow();
	}

}
