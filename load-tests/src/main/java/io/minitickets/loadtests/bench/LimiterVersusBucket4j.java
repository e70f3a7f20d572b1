package io.minitickets.loadtests.bench;

/**
 * {@code limiter}: the bench's figure for {@link LimiterFigure} — our token bucket against Bucket4j's Lettuce backend
 * on the same Valkey ({@code --valkey-url}), with {@code --callers} callers for {@code --seconds} rounds, held to
 * issue 8's bars: at least 1.5× Bucket4j's decisions/s on one hot key (as api-service calls it, with its in-process
 * denial cache, and without that cache: the script's round trip against Bucket4j's), at least 1.0× over 10,000 keys.
 * Each row shows the share of decisions that allowed, ours then Bucket4j's.
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
		return Measured.of(result,
				Bar.ratioAtLeast("limiter: hot key, ours vs Bucket4j" + allowed(result.hotKeyAllowedShare(),
						result.bucket4jHotKeyAllowedShare()), result.hotKeyRatio(), 1.5),
				Bar.ratioAtLeast("limiter: hot key, no denial cache, ours vs Bucket4j"
						+ allowed(result.hotKeyNoCacheAllowedShare(), result.bucket4jHotKeyAllowedShare()),
						result.hotKeyNoCacheRatio(), 1.5),
				Bar.ratioAtLeast("limiter: 10,000 keys, ours vs Bucket4j" + allowed(result.spreadAllowedShare(),
						result.bucket4jSpreadAllowedShare()), result.spreadRatio(), 1.0));
	}

	private static String allowed(double ours, double theirs) {
		return " (allowed " + LimiterFigure.percent(ours) + " / " + LimiterFigure.percent(theirs) + ")";
	}

}
