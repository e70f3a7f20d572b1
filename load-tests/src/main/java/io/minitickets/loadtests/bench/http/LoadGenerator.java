package io.minitickets.loadtests.bench.http;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

import io.minitickets.localstack.stack.StackException;

/**
 * The bench's HTTP load generator: a fixed number of keep-alive HTTP/1.1 connections, one request in flight on each,
 * all served by one Netty event-loop thread that writes pre-encoded requests and decodes only the status line, the
 * headers and the body. On a 2-core machine shared with the server under test, the client's CPU per request is what
 * limits a measurement, and this costs a few µs where a JDK {@code HttpClient} call on a virtual thread costs tens.
 * <p>
 * Three ways to drive, the same code under each, so that the ceiling and the product are driven alike:
 * <ul>
 * <li>{@link #closed}: every connection sends its next request as soon as the answer to the last came, for a while
 * (throughput at saturation; latency from the send);</li>
 * <li>{@link #count}: the same, for an exact number of requests;</li>
 * <li>{@link #open}: requests are due at a fixed arrival rate; a due request waits for a free connection, and its
 * latency counts from when it was due, not from when it was sent, so a stall is measured rather than hidden
 * (no coordinated omission).</li>
 * </ul>
 * A connection the server closes (Tomcat closes a keep-alive connection after 100 requests) is replaced at once;
 * a request whose connection closed before it was answered counts as an error (status 0). A replacement that cannot
 * connect fails the run, or, for a generator made to reconnect for a while (a server that is killed and restarted
 * while the load runs), is tried again every 100 ms until that time is up.
 * <p>
 * {@link #openUntilStopped} runs the open model until its caller stops it, for a load that lasts as long as
 * something else happens (a fault injected and recovered from).
 */
public final class LoadGenerator implements AutoCloseable {

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	private static final int MAX_RESPONSE_BYTES = 1 << 20;

	/** How often the open model releases the requests that became due. */
	private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final long RECONNECT_PAUSE_MILLIS = 100;

	private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

	private final EventLoop loop = this.group.next();

	private final Bootstrap bootstrap;

	private final int connections;

	private final Duration reconnectFor;

	/** Read and written on the event loop only. */
	private final List<Connection> idle = new ArrayList<>();

	/** Read and written on the event loop only; null between runs. */
	private @Nullable Run run;

	/**
	 * A generator whose run fails when a connection cannot be replaced.
	 * @param target the server's base URL, {@code http://host:port}
	 * @param connections how many connections, at least 1
	 */
	public LoadGenerator(URI target, int connections) {
		this(target, connections, Duration.ZERO);
	}

	/**
	 * @param target the server's base URL, {@code http://host:port}
	 * @param connections how many connections, at least 1
	 * @param reconnectFor how long a connection that cannot be replaced is tried again (every 100 ms) before the
	 * run fails; zero fails it at once
	 */
	public LoadGenerator(URI target, int connections, Duration reconnectFor) {
		if (connections < 1) {
			throw new IllegalArgumentException("connections must be at least 1");
		}
		this.connections = connections;
		this.reconnectFor = reconnectFor;
		this.bootstrap = new Bootstrap().group(this.group)
			.channel(NioSocketChannel.class)
			.option(ChannelOption.TCP_NODELAY, true)
			.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) CONNECT_TIMEOUT.toMillis())
			.remoteAddress(target.getHost(), target.getPort())
			.handler(new ChannelInitializer<SocketChannel>() {
				@Override
				protected void initChannel(SocketChannel channel) {
					channel.pipeline()
						.addLast(new HttpResponseDecoder(), new HttpObjectAggregator(MAX_RESPONSE_BYTES),
								new Connection());
				}
			});
	}

	/**
	 * @return the number of connections
	 */
	public int connections() {
		return this.connections;
	}

	/**
	 * Closed model for a while: each connection sends again as soon as it is answered.
	 * @param requests the requests, by number from 0
	 * @param duration how long requests are sent; the run ends when the last one sent is answered
	 * @param sink told of every answer
	 * @return the figures, with the duration as window
	 * @throws StackException when the server cannot be connected to or the run is interrupted
	 */
	public LoadRun closed(RequestSource requests, Duration duration, ResponseSink sink) {
		return drive(new Run(requests, sink, Long.MAX_VALUE, duration.toNanos(), 0));
	}

	/**
	 * Closed model for an exact number of requests.
	 * @param requests the requests, by number from 0
	 * @param total how many to send
	 * @param sink told of every answer
	 * @return the figures, with the time from the first send to the last answer as window
	 * @throws StackException when the server cannot be connected to or the run is interrupted
	 */
	public LoadRun count(RequestSource requests, long total, ResponseSink sink) {
		return drive(new Run(requests, sink, total, Long.MAX_VALUE, 0));
	}

	/**
	 * Open model: requests due at a fixed rate for a while, latency from when each was due.
	 * @param requests the requests, by number from 0
	 * @param ratePerSecond arrivals per second, above 0
	 * @param duration how long requests come due
	 * @param sink told of every answer
	 * @return the figures, with the duration as window
	 * @throws StackException when the server cannot be connected to or the run is interrupted
	 */
	public LoadRun open(RequestSource requests, double ratePerSecond, Duration duration, ResponseSink sink) {
		if (!(ratePerSecond > 0)) {
			throw new IllegalArgumentException("the arrival rate must be above 0");
		}
		return drive(new Run(requests, sink, (long) (ratePerSecond * duration.toNanos() / 1e9), duration.toNanos(),
				ratePerSecond));
	}

	/**
	 * Open model until stopped: requests due at a fixed rate, latency from when each was due, until
	 * {@link Running#stop} or {@code atMost} has passed. A request that waited {@code giveUpAfter} for a free
	 * connection is given up, unsent, and reported as lost (status 0), as a user whose browser cannot connect gives up:
	 * while the server is down, arrivals do not pile up to be fired at it all at once when it comes back.
	 * @param requests the requests, by number from 0
	 * @param ratePerSecond arrivals per second, above 0
	 * @param atMost when requests stop coming due if the run was not stopped before
	 * @param giveUpAfter how long a due request waits for a free connection before it is given up
	 * @param sink told of every answer, and of every request given up (status 0, no answer)
	 * @return the running load, to stop
	 * @throws StackException when the server cannot be connected to
	 */
	public Running openUntilStopped(RequestSource requests, double ratePerSecond, Duration atMost,
			Duration giveUpAfter, ResponseSink sink) {
		if (!(ratePerSecond > 0)) {
			throw new IllegalArgumentException("the arrival rate must be above 0");
		}
		Run newRun = new Run(requests, sink, (long) (ratePerSecond * atMost.toNanos() / 1e9), atMost.toNanos(),
				ratePerSecond);
		newRun.giveUpNanos = giveUpAfter.toNanos();
		begin(newRun);
		return new Running(newRun);
	}

	private LoadRun drive(Run newRun) {
		begin(newRun);
		return await(newRun);
	}

	private void begin(Run newRun) {
		connectAll();
		this.loop.execute(() -> {
			this.run = newRun;
			newRun.start(System.nanoTime());
		});
	}

	private LoadRun await(Run newRun) {
		try {
			return newRun.done.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while driving load", ex);
		}
		catch (ExecutionException ex) {
			throw new StackException("The load run failed: " + ex.getCause(), ex.getCause());
		}
		finally {
			this.loop.execute(() -> this.run = null);
		}
	}

	/** Opens connections until there are {@link #connections} open and idle. */
	private void connectAll() {
		CompletableFuture<Integer> open = new CompletableFuture<>();
		this.loop.execute(() -> open.complete(this.idle.size()));
		try {
			int missing = this.connections - open.get(CONNECT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			for (int i = 0; i < missing; i++) {
				this.bootstrap.connect().sync();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new StackException("Interrupted while connecting", ex);
		}
		catch (ExecutionException | TimeoutException | RuntimeException ex) {
			throw new StackException("Cannot connect to " + this.bootstrap.config().remoteAddress() + ": " + ex, ex);
		}
	}

	/**
	 * Replaces a closed connection, on the event loop.
	 * @param since when the first attempt to replace it was made ({@link System#nanoTime()})
	 */
	private void reconnect(long since) {
		this.bootstrap.connect().addListener((future) -> {
			if (future.isSuccess() || this.group.isShuttingDown()) {
				return;
			}
			if (System.nanoTime() - since < this.reconnectFor.toNanos()) {
				this.loop.schedule(() -> reconnect(since), RECONNECT_PAUSE_MILLIS, TimeUnit.MILLISECONDS);
			}
			else if (this.run != null) {
				this.run.fail(future.cause());
			}
		});
	}

	@Override
	public void close() {
		this.group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
	}

	/**
	 * One run's state, touched on the event loop only.
	 */
	private final class Run {

		private final RequestSource requests;

		private final ResponseSink sink;

		private long total;

		private long durationNanos;

		private final double ratePerSecond;

		private final Histogram latencies = new Histogram(3);

		private final int[] statuses = new int[600];

		private final ArrayDeque<Long> due = new ArrayDeque<>();

		private final CompletableFuture<LoadRun> done = new CompletableFuture<>();

		private long startedAt;

		private long sent;

		private long answered;

		private long inFlight;

		private long lastAnsweredAt;

		/** Open model: how long a due request may wait for a free connection; unbounded unless set. */
		private long giveUpNanos = Long.MAX_VALUE;

		Run(RequestSource requests, ResponseSink sink, long total, long durationNanos, double ratePerSecond) {
			this.requests = requests;
			this.sink = sink;
			this.total = total;
			this.durationNanos = durationNanos;
			this.ratePerSecond = ratePerSecond;
		}

		boolean open() {
			return this.ratePerSecond > 0;
		}

		void start(long now) {
			this.startedAt = now;
			this.lastAnsweredAt = now;
			if (open()) {
				tick();
			}
			else {
				List<Connection> ready = new ArrayList<>(LoadGenerator.this.idle);
				LoadGenerator.this.idle.clear();
				ready.forEach(this::next);
			}
		}

		/** Open model: queues the requests that came due since the last tick and hands them to idle connections. */
		private void tick() {
			long now = System.nanoTime();
			long dueByNow = Math.min(this.total, (long) ((now - this.startedAt) / 1e9 * this.ratePerSecond) + 1);
			for (long index = this.sent + this.due.size(); index < dueByNow; index++) {
				this.due.add(this.startedAt + (long) (index * 1e9 / this.ratePerSecond));
			}
			while (!this.due.isEmpty() && now - this.due.peekFirst() > this.giveUpNanos) {
				this.due.removeFirst();
				long index = this.sent++;
				this.answered++;
				this.statuses[0]++;
				this.sink.answered(index, 0, null);
			}
			while (!this.due.isEmpty() && !LoadGenerator.this.idle.isEmpty()) {
				next(LoadGenerator.this.idle.removeLast());
			}
			if (this.sent + this.due.size() < this.total) {
				LoadGenerator.this.loop.schedule(this::tick, TICK_NANOS, TimeUnit.NANOSECONDS);
			}
			else {
				finishIfDone();
			}
		}

		/** Gives a free connection its next request, or parks it idle. */
		void next(Connection connection) {
			if (this.done.isDone()) {
				LoadGenerator.this.idle.add(connection);
				return;
			}
			long intendedAt;
			if (open()) {
				if (this.due.isEmpty()) {
					LoadGenerator.this.idle.add(connection);
					finishIfDone();
					return;
				}
				intendedAt = this.due.removeFirst();
			}
			else {
				intendedAt = System.nanoTime();
				if (this.sent >= this.total || intendedAt - this.startedAt >= this.durationNanos) {
					LoadGenerator.this.idle.add(connection);
					finishIfDone();
					return;
				}
			}
			long index = this.sent++;
			this.inFlight++;
			connection.send(index, intendedAt, this.requests.request(index));
		}

		void answered(Connection connection, long index, long intendedAt, int status, @Nullable FullHttpResponse response) {
			long now = System.nanoTime();
			this.inFlight--;
			this.answered++;
			this.lastAnsweredAt = now;
			this.statuses[(status >= 0 && status < this.statuses.length) ? status : 0]++;
			this.latencies.recordValue(Math.max(0, (now - intendedAt) / 1000));
			this.sink.answered(index, status, response);
			if (connection != null) {
				next(connection);
			}
			else {
				finishIfDone();
			}
		}

		void finishIfDone() {
			boolean allSent = open() ? this.sent + this.due.size() >= this.total && this.due.isEmpty()
					: this.sent >= this.total || System.nanoTime() - this.startedAt >= this.durationNanos;
			if (allSent && this.inFlight == 0 && !this.done.isDone()) {
				long window = (this.durationNanos != Long.MAX_VALUE) ? this.durationNanos
						: this.lastAnsweredAt - this.startedAt;
				this.done.complete(new LoadRun(this.sent, this.answered, this.statuses.clone(), this.latencies,
						Duration.ofNanos(Math.max(1, window))));
			}
		}

		void fail(Throwable cause) {
			this.done.completeExceptionally(cause);
		}

		/** Sends nothing more: requests due but not sent are dropped; the run ends once those in flight are answered. */
		void stop() {
			this.total = this.sent;
			this.durationNanos = Math.min(this.durationNanos, System.nanoTime() - this.startedAt);
			this.due.clear();
			finishIfDone();
		}

	}

	/**
	 * An open-model run in progress ({@link #openUntilStopped}).
	 */
	public final class Running {

		private final Run run;

		private Running(Run run) {
			this.run = run;
		}

		/**
		 * Stops it: requests due but not yet sent are dropped (an open model's arrivals that never happened); waits
		 * until those in flight are answered or their connection closed.
		 * @param atMost the longest wait for the requests in flight
		 * @return the figures, with the time from the start to the stop as window
		 * @throws StackException when a connection could not be replaced in time, the requests in flight were not
		 * answered within {@code atMost}, or the wait is interrupted
		 */
		public LoadRun stop(Duration atMost) {
			LoadGenerator.this.loop.execute(this.run::stop);
			try {
				return this.run.done.get(atMost.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new StackException("Interrupted while stopping the load", ex);
			}
			catch (ExecutionException ex) {
				throw new StackException("The load run failed: " + ex.getCause(), ex.getCause());
			}
			catch (TimeoutException ex) {
				throw new StackException("Requests of the load were not answered within " + atMost.toSeconds()
						+ " s of its stop", ex);
			}
			finally {
				LoadGenerator.this.loop.execute(() -> LoadGenerator.this.run = null);
			}
		}

	}

	/**
	 * One connection's handler: sends one request at a time and hands its answer to the run.
	 */
	private final class Connection extends SimpleChannelInboundHandler<FullHttpResponse> {

		private @Nullable Channel channel;

		private long index = -1;

		private long intendedAt;

		void send(long requestIndex, long intended, byte[] request) {
			this.index = requestIndex;
			this.intendedAt = intended;
			this.channel.writeAndFlush(Unpooled.wrappedBuffer(request), this.channel.voidPromise());
		}

		@Override
		public void channelActive(ChannelHandlerContext context) {
			this.channel = context.channel();
			Run current = LoadGenerator.this.run;
			if (current != null) {
				current.next(this);
			}
			else {
				LoadGenerator.this.idle.add(this);
			}
		}

		@Override
		protected void channelRead0(ChannelHandlerContext context, FullHttpResponse response) {
			long answeredIndex = this.index;
			this.index = -1;
			Run current = LoadGenerator.this.run;
			boolean keepAlive = HttpUtil.isKeepAlive(response);
			if (current != null && answeredIndex >= 0) {
				current.answered(keepAlive ? this : null, answeredIndex, this.intendedAt, response.status().code(),
						response);
			}
			if (!keepAlive) {
				context.close();
			}
		}

		@Override
		public void channelInactive(ChannelHandlerContext context) {
			LoadGenerator.this.idle.remove(this);
			Run current = LoadGenerator.this.run;
			if (current != null && this.index >= 0) {
				long lost = this.index;
				this.index = -1;
				current.answered(null, lost, this.intendedAt, 0, null);
			}
			if (!LoadGenerator.this.group.isShuttingDown()) {
				reconnect(System.nanoTime());
			}
		}

		@Override
		public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
			context.close();
		}

	}

}
