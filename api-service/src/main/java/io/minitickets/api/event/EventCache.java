package io.minitickets.api.event;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.LongFunction;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Events for the booking hot path: read from Postgres at most about once per event per TTL, so a stampede on one event
 * does not reach Postgres. Unknown events are not cached, so an event created a moment ago is found at once.
 * <p>
 * Postgres is read outside the cache's locks: the first readers of an event wait for one shared read; once an entry
 * is a TTL old, the next reader gets it at once and starts a reload in the background (a failed reload keeps the entry
 * until it expires). An entry is never served when it is older than twice the TTL.
 */
@Component
public class EventCache {

	private final AsyncLoadingCache<Long, Event> events;

	@Autowired
	EventCache(EventRepository repository, EventProperties properties) {
		this(repository::find, properties.cacheTtl(), properties.cacheSize(), Ticker.systemTicker(),
				Executors.newVirtualThreadPerTaskExecutor());
	}

	/**
	 * @param loader reads one event from Postgres
	 * @param ttl how old an entry may get before a read reloads it in the background
	 * @param size the most events kept
	 * @param ticker the cache's time source
	 * @param executor where reads of Postgres run
	 */
	EventCache(LongFunction<Optional<Event>> loader, Duration ttl, long size, Ticker ticker, Executor executor) {
		this.events = Caffeine.newBuilder()
			.refreshAfterWrite(ttl)
			.expireAfterWrite(ttl.multipliedBy(2))
			.maximumSize(size)
			.ticker(ticker)
			.executor(executor)
			.buildAsync((id) -> loader.apply(id).orElse(null));
	}

	/**
	 * The event if it is in the cache now, without reading Postgres or waiting for a read in progress.
	 * @param id the event
	 * @return the event, at most twice the cache TTL old; null when it is not cached (unknown, not read yet, or being
	 * read)
	 */
	public @Nullable Event cached(long id) {
		CompletableFuture<Event> entry = this.events.getIfPresent(id);
		return (entry != null && entry.isDone() && !entry.isCompletedExceptionally()) ? entry.getNow(null) : null;
	}

	/**
	 * @param id the event
	 * @return the event, at most twice the cache TTL old, or empty when it does not exist
	 * @throws org.springframework.dao.DataAccessException when Postgres cannot be read and the event is not cached
	 */
	public Optional<Event> find(long id) {
		try {
			return Optional.ofNullable(this.events.get(id).join());
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException cause) {
				throw cause;
			}
			throw ex;
		}
	}

}
