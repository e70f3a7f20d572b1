package io.minitickets.reconciler;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Starts the reconciler: every few seconds it compares the inventory gate in Valkey with Postgres and repairs it.
 */
@SpringBootApplication
@EnableScheduling
@ConfigurationPropertiesScan
public class ReconcilerApplication {

	/**
	 * @param args Spring Boot arguments
	 */
	public static void main(String[] args) {
		SpringApplication.run(ReconcilerApplication.class, args);
	}

}
