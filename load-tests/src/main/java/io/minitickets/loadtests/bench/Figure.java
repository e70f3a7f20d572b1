package io.minitickets.loadtests.bench;

/**
 * One figure of {@code ./minitickets bench}: a name (its JSON field and its {@code --only} value) and how to measure
 * it. A figure plugs into the bench with one line in {@link BenchCommand#FIGURES}.
 */
public interface Figure {

	/**
	 * @return the figure's name, for example {@code stampede}: its field in the JSON report, its {@code --only} value
	 */
	String name();

	/**
	 * Measures the figure.
	 * @param context the run's options, output, local stack and the figures measured before this one
	 * @return the figures (a record, written as the JSON object under {@link #name()}) and the bars they are held to
	 * @throws io.minitickets.localstack.stack.StackException when the figure cannot be measured
	 */
	Measured measure(BenchContext context);

}
