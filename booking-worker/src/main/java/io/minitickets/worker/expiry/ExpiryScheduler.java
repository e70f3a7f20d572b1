package io.minitickets.worker.expiry;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs {@link HoldExpirer#expireDue()} every {@code minitickets.holds.expiry-interval}, measured from the end of one
 * run to the start of the next. A failing run is logged and the schedule goes on.
 */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class ExpiryScheduler implements SchedulingConfigurer {

	private static final Logger logger = LoggerFactory.getLogger(ExpiryScheduler.class);

	private final HoldExpirer expirer;

	private final HoldProperties properties;

	ExpiryScheduler(HoldExpirer expirer, HoldProperties properties) {
		this.expirer = expirer;
		this.properties = properties;
	}

	@Override
	public void configureTasks(ScheduledTaskRegistrar registrar) {
		registrar.addFixedDelayTask(new FixedDelayTask(this::run, this.properties.expiryInterval(),
				this.properties.expiryInterval()));
	}

	private void run() {
		try {
			this.expirer.expireDue();
		}
		catch (RuntimeException ex) {
			logger.warn("Hold expiry run failed; the next one starts in {}", this.properties.expiryInterval(), ex);
		}
	}

}
