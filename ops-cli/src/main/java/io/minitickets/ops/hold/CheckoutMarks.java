package io.minitickets.ops.hold;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.minitickets.core.valkey.ValkeyConnection;
import io.minitickets.core.valkey.ValkeyKeys;
import io.minitickets.core.valkey.ValkeyUnavailableException;
import io.minitickets.ops.system.OpsSettings;

/**
 * Reads api-service's checkout marks ({@code bk:{<booking id>}:checkout}, on its Valkey,
 * {@code MINITICKETS_VALKEY_URL}) for a page of holds: the marked ones show the payment state PENDING_CHECKOUT, as
 * {@code GET /api/bookings/{id}} does.
 */
final class CheckoutMarks implements AutoCloseable {

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	private final ClientResources resources = DefaultClientResources.create();

	private final ValkeyConnection connection;

	private final ValkeyKeys keys;

	/**
	 * @param settings where api-service's Valkey is and its key prefix
	 */
	CheckoutMarks(OpsSettings settings) {
		this.connection = new ValkeyConnection("checkout-marks", settings.valkeyUrl(), COMMAND_TIMEOUT,
				settings.connectTimeout(), this.resources);
		this.keys = new ValkeyKeys(settings.valkeyKeyPrefix());
	}

	/**
	 * @param bookingIds HELD bookings
	 * @return booking id → true when its checkout was opened; empty when Valkey could not answer
	 */
	Map<UUID, Boolean> opened(List<UUID> bookingIds) {
		try {
			List<RedisFuture<Long>> replies = new ArrayList<>(bookingIds.size());
			for (UUID bookingId : bookingIds) {
				replies.add(this.connection.async().exists(this.keys.bookingCheckout(bookingId)));
			}
			Map<UUID, Boolean> opened = new HashMap<>();
			for (int i = 0; i < bookingIds.size(); i++) {
				opened.put(bookingIds.get(i), ValkeyConnection.await(replies.get(i)) > 0);
			}
			return opened;
		}
		catch (RedisException | ValkeyUnavailableException ex) {
			return Map.of();
		}
	}

	@Override
	public void close() {
		this.connection.close();
		this.resources.shutdown();
	}

}
