package io.minitickets.simulator;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Starts the payment simulator.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PaymentSimulatorApplication {

	/**
	 * @param args Spring Boot's command-line arguments
	 */
	public static void main(String[] args) {
		SpringApplication.run(PaymentSimulatorApplication.class, args);
	}

}
