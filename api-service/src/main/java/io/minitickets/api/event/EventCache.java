package io.minitickets.api.event;

import java.util.Optional;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import org.springframework.stereotype.Component;

/**
 * Events for the booking hot path: read from Postgres at most once per event per TTL, so a stampede on one event does
 * not reach Postgres. Unknown events are not cached, so an event created a moment ago is found at once.
 */
@Component
public class EventCache {

	private final LoadingCache<Long, Event> events;

	EventCache(EventRepository repository, EventProperties properties) {
		this.events = Caffeine.newBuilder()
			.expireAfterWrite(properties.cacheTtl())
			.maximumSize(properties.cacheSize())
			.build((id) -> repository.find(id).orElse(null));
	}

	/**
	 * @param id the event
	 * @return the event, at most the cache TTL old, or empty when it does not exist
	 */
	public Optional<Event> find(long id) {
		return Optional.ofNullable(this.events.get(id));
	}

}
