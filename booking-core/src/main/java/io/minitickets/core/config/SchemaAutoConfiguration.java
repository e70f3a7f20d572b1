package io.minitickets.core.config;

import io.minitickets.core.schema.SchemaProperties;
import io.minitickets.core.schema.WaitForSchemaMigrationStrategy;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;

/**
 * Exactly one component applies the migrations: unless {@code minitickets.schema.migrate=true}, Flyway only validates,
 * waiting for the schema to appear.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration")
@ConditionalOnClass({ FlywayMigrationStrategy.class, org.flywaydb.core.Flyway.class })
@EnableConfigurationProperties(SchemaProperties.class)
public class SchemaAutoConfiguration {

	@Bean
	@ConditionalOnProperty(name = "minitickets.schema.migrate", havingValue = "false", matchIfMissing = true)
	FlywayMigrationStrategy waitForSchemaMigrationStrategy(SchemaProperties properties) {
		return new WaitForSchemaMigrationStrategy(properties);
	}

}
