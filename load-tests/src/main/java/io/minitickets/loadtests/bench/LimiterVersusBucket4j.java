package io.minitickets.loadtests.bench;

/**
 * {@code limiter}: the bench's figure for {@link LimiterFigure} — our token bucket against Bucket4j's Lettuce backend
 * on the same Valkey ({@code --valkey-url}), with {@code --callers} callers for {@code --seconds} rounds, held to
 * issue 8's bars: at least 1.5× Bucket4j's decisions/s on one hot key, at least 1.0× over 10,000 keys.
 */
public final class LimiterVersusBucket4j implements Figure {

	@Override
	public String name() {
		return "limiter";
	}

	@Override
	public Measured measure(BenchContext context) {
		BenchOptions options = context.options();
		LimiterResult result = new LimiterFigure(context.out())
			.run(new LimiterFigure.Settings(options.valkeyUrl(), options.callers(), options.scriptSeconds()));
		return Measured.of(result, Bar.ratioAtLeast("limiter: hot key, ours vs Bucket4j", result.hotKeyRatio(), 1.5),
				Bar.ratioAtLeast("limiter: 10,000 keys, ours vs Bucket4j", result.spreadRatio(), 1.0));
	}

}
