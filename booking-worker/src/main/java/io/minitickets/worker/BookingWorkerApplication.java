package io.minitickets.worker;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The booking worker: consumes {@code bookings.requested} in batches, settles each batch per event in one Postgres
 * transaction, then settles the gate's leases in Valkey and publishes {@code bookings.settled}.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class BookingWorkerApplication {

	/**
	 * Starts the worker.
	 * @param args command-line arguments, passed to Spring Boot
	 */
	public static void main(String[] args) {
		SpringApplication.run(BookingWorkerApplication.class, args);
	}

}
