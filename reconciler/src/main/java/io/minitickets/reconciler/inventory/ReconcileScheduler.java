package io.minitickets.reconciler.inventory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * Runs a {@link ReconcilePass} every {@code minitickets.reconciler.interval}, measured from the end of one pass to the
 * start of the next, the first one interval after start-up. A failing pass is logged and the schedule goes on.
 */
@Configuration(proxyBeanMethods = false)
class ReconcileScheduler implements SchedulingConfigurer {

	private static final Logger logger = LoggerFactory.getLogger(ReconcileScheduler.class);

	private final ReconcilePass pass;

	private final ReconcilerProperties properties;

	ReconcileScheduler(ReconcilePass pass, ReconcilerProperties properties) {
		this.pass = pass;
		this.properties = properties;
	}

	@Override
	public void configureTasks(ScheduledTaskRegistrar registrar) {
		registrar.addFixedDelayTask(
				new FixedDelayTask(this::runPass, this.properties.interval(), this.properties.interval()));
	}

	private void runPass() {
		try {
			this.pass.run();
		}
		catch (RuntimeException ex) {
			logger.warn("Inventory reconciliation pass failed; the next one starts in {}", this.properties.interval(),
					ex);
		}
	}

}
