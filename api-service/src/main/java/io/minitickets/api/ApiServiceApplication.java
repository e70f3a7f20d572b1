package io.minitickets.api;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Starts api-service: authentication, rate limiting, the inventory gate, publishing to Kafka and status polling.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ApiServiceApplication {

	/**
	 * @param args Spring Boot arguments
	 */
	public static void main(String[] args) {
		SpringApplication.run(ApiServiceApplication.class, args);
	}

}
