package io.minitickets.ceiling;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The bench's ceiling: {@code GET /ceiling} answers 200 {@code ok}, with api-service's server configuration (Tomcat,
 * virtual threads, the same server settings) and nothing else, so that {@code ./minitickets bench} can drive it with
 * the same load generator as api-service and report what Tomcat and Spring MVC alone allow on this machine.
 */
@SpringBootApplication
@RestController
public class CeilingApplication {

	/**
	 * @return {@code ok}, as text/plain
	 */
	@GetMapping("/ceiling")
	String ceiling() {
		return "ok";
	}

	/**
	 * @param args Spring Boot arguments; the bench sets {@code SERVER_PORT} and {@code SERVER_ADDRESS}
	 */
	public static void main(String[] args) {
		SpringApplication.run(CeilingApplication.class, args);
	}

}
