package io.minitickets.reconciler.inventory;

import org.jspecify.annotations.Nullable;

/**
 * How one reconcile pass ended.
 *
 * @param claimed events the pass claimed
 * @param checked events it finished checking
 * @param skippedBecause why it stopped early, or {@code null} when it checked every claimed event
 */
record PassOutcome(int claimed, int checked, @Nullable Skip skippedBecause) {

	/**
	 * The outcome as a metric tag.
	 * @return {@code completed}, {@code valkey-unavailable} or {@code postgres-unavailable}
	 */
	String tag() {
		return (this.skippedBecause != null) ? this.skippedBecause.tag : "completed";
	}

	/** Why a pass stopped early; the next pass tries again. */
	enum Skip {

		/** The gate's Valkey could not answer in time. */
		VALKEY_UNAVAILABLE("valkey-unavailable"),

		/** Postgres could not be reached or failed. */
		POSTGRES_UNAVAILABLE("postgres-unavailable");

		private final String tag;

		Skip(String tag) {
			this.tag = tag;
		}

	}

}
