package io.minitickets.loadtests.bench;

import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.minitickets.loadtests.bench.http.LoadRun;

/**
 * What a figure's measured requests were answered, by HTTP status, against the one answer its case is about (409 for
 * the sold-out stampede, 202 for accepting). A figure averages its CPU time and counts its throughput over every answer
 * of its window, so it measures its case only when nearly every answer is that case's: a 429 from the limiter's
 * in-process denial cache costs api-service a fraction of a 409, and a 409 a fraction of a 202. Over
 * {@value #VOID_PERCENT} % of other answers (lost requests included) make the figure void.
 *
 * @param outcome the case's answer, an HTTP status
 * @param counts answers per HTTP status, in status order; status 0 counts requests lost without an answer
 */
public record AnswerMix(int outcome, SortedMap<Integer, Long> counts) {

	/** The most answers, in percent of all, that may be something other than the case's outcome. */
	static final int VOID_PERCENT = 1;

	public AnswerMix {
		counts = new TreeMap<>(counts);
	}

	/**
	 * @param outcome the case's answer, an HTTP status
	 * @param runs load runs of the same figure
	 * @return their answers together, statuses no answer had left out
	 */
	public static AnswerMix of(int outcome, LoadRun... runs) {
		SortedMap<Integer, Long> counts = new TreeMap<>();
		for (LoadRun run : runs) {
			for (int status = 0; status < run.statuses().length; status++) {
				if (run.statuses()[status] > 0) {
					counts.merge(status, (long) run.statuses()[status], Long::sum);
				}
			}
		}
		return new AnswerMix(outcome, counts);
	}

	/**
	 * @return every answer, lost requests included
	 */
	public long total() {
		return this.counts.values().stream().mapToLong(Long::longValue).sum();
	}

	/**
	 * @return answers other than {@link #outcome}, lost requests included
	 */
	public long others() {
		return total() - this.counts.getOrDefault(this.outcome, 0L);
	}

	/**
	 * @return true when the figure did not measure its case: no answer at all, or more than {@value #VOID_PERCENT} %
	 * of the answers other than {@link #outcome}
	 */
	public boolean isVoid() {
		long total = total();
		return total == 0 || others() * 100 > total * VOID_PERCENT;
	}

	/**
	 * @return the mix as a person reads it, for example {@code 409 99.6 %, 429 0.4 % of 212,004}; {@code lost} for
	 * requests lost without an answer
	 */
	public String describe() {
		long total = total();
		if (total == 0) {
			return "no answers";
		}
		return this.counts.entrySet()
			.stream()
			.map((count) -> String.format(Locale.ROOT, "%s %.1f %%", (count.getKey() == 0) ? "lost" : count.getKey(),
					100.0 * count.getValue() / total))
			.collect(Collectors.joining(", ", "", String.format(Locale.ROOT, " of %,d", total)));
	}

	/**
	 * @param bar a bar of the figure these answers belong to
	 * @return the bar as it is, or, when these answers make the figure void, missed and saying why (a void figure
	 * cannot meet a bar); a row without a bar stays as it is
	 */
	public Bar judge(Bar bar) {
		if (!isVoid() || bar.met() == null) {
			return bar;
		}
		return new Bar(bar.label(), bar.value() + String.format(Locale.ROOT, " VOID: %,d of %,d not %d", others(),
				total(), this.outcome), bar.bar(), false);
	}

	/**
	 * @return the answers per status as the JSON report writes them
	 */
	public Map<Integer, Long> asMap() {
		return this.counts;
	}

}
