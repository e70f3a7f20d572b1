package io.minitickets.core.valkey;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.NettyCustomizer;
import io.netty.channel.Channel;
import io.netty.handler.flush.FlushConsolidationHandler;

/**
 * Lettuce's shared event loops, with the flushes of concurrent commands coalesced into one socket write.
 * <p>
 * Every command a request thread sends on the shared connection is a write and a flush that Netty hands to the
 * connection's event loop; without this each flush is a {@code write(2)} of one command. Netty's
 * {@link FlushConsolidationHandler} at the head of each connection's pipeline defers a flush while the event loop
 * still has tasks or a read in progress, so the commands of concurrent requests leave in one write (issue 8, the hot
 * path: fewer system calls per booking decision). A lone command still leaves at once: the deferred flush runs as
 * soon as the event loop has nothing else queued.
 */
public final class ConsolidatedFlushes implements NettyCustomizer {

	private ConsolidatedFlushes() {
	}

	/**
	 * @return client resources whose connections coalesce flushes; shut them down with the client
	 */
	public static ClientResources clientResources() {
		return DefaultClientResources.builder().nettyCustomizer(new ConsolidatedFlushes()).build();
	}

	@Override
	public void afterChannelInitialized(Channel channel) {
		channel.pipeline()
			.addFirst(new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES,
					true));
	}

}
