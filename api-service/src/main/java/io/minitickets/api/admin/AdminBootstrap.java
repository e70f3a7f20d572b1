package io.minitickets.api.admin;

import io.minitickets.api.auth.UserAccounts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

/**
 * Creates the bootstrap admin from configuration once the schema is migrated; an existing user with that email is
 * left alone.
 */
@Component
class AdminBootstrap implements ApplicationRunner {

	private static final Logger logger = LoggerFactory.getLogger(AdminBootstrap.class);

	private final AdminProperties properties;

	private final UserAccounts users;

	private final PasswordEncoder passwordEncoder;

	AdminBootstrap(AdminProperties properties, UserAccounts users, PasswordEncoder passwordEncoder) {
		this.properties = properties;
		this.users = users;
		this.passwordEncoder = passwordEncoder;
	}

	@Override
	public void run(ApplicationArguments args) {
		String email = this.properties.email();
		String password = this.properties.password();
		if (email == null || email.isBlank() || password == null || password.isBlank()) {
			return;
		}
		this.users.create(email, this.passwordEncoder.encode(password), "ADMIN")
			.ifPresent((admin) -> logger.info("Created the bootstrap admin {}", admin.email()));
	}

}
