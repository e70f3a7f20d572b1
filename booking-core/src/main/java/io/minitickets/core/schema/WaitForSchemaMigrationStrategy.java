package io.minitickets.core.schema;

import java.time.Instant;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;

/**
 * For services that must not migrate: validates the schema instead, retrying until the migrating service has applied
 * it or the wait times out.
 */
public class WaitForSchemaMigrationStrategy implements FlywayMigrationStrategy {

	private static final Logger logger = LoggerFactory.getLogger(WaitForSchemaMigrationStrategy.class);

	private final SchemaProperties properties;

	/**
	 * @param properties how long to wait and how often to retry
	 */
	public WaitForSchemaMigrationStrategy(SchemaProperties properties) {
		this.properties = properties;
	}

	/**
	 * Validates until the schema matches the migrations.
	 * @param flyway the configured Flyway
	 * @throws FlywayException when the schema is still not there after the wait timeout
	 * @throws IllegalStateException when interrupted while waiting
	 */
	@Override
	public void migrate(Flyway flyway) {
		Instant deadline = Instant.now().plus(this.properties.waitTimeout());
		while (true) {
			try {
				flyway.validate();
				return;
			}
			catch (FlywayException ex) {
				if (Instant.now().isAfter(deadline)) {
					throw ex;
				}
				logger.info("Waiting for the schema to be migrated by api-service: {}", ex.getMessage());
				sleep();
			}
		}
	}

	private void sleep() {
		try {
			Thread.sleep(this.properties.retryInterval());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for the schema", ex);
		}
	}

}
