package io.minitickets.api.board;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.minitickets.api.queue.QueuePositions;
import io.minitickets.core.inventory.InventoryGate;
import io.minitickets.core.waitingroom.WaitingRoomQueue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The board's parts in the application context: the booking request's latency buckets and the sampler. Its routes
 * live in the management context ({@link BoardRoutes}).
 */
@Configuration(proxyBeanMethods = false)
class BoardConfiguration {

	@Bean
	MeterFilter bookingRequestBuckets() {
		return BookingRequestMeters.histogram();
	}

	@Bean
	BoardSampler boardSampler(JdbcClient jdbc, InventoryGate gate, MeterRegistry meters, KafkaAdmin kafkaAdmin,
			BoardProperties properties, QueuePositions queue, WaitingRoomQueue waitingRooms) {
		return new BoardSampler(jdbc, gate, meters, kafkaAdmin, properties, queue, waitingRooms);
	}

}
