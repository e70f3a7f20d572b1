package io.minitickets.loadtests.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.minitickets.loadtests.report.JsonFiles;

/**
 * A bench run: the machine, then each figure measured, in run order.
 *
 * @param machine the machine and JDK it ran on
 * @param figures per figure's name, its figures (a record)
 * @param bars every figure's rows, in run order
 * @param breaches broken invariants, empty when none
 */
record BenchReport(Machine machine, Map<String, Object> figures, List<Bar> bars, List<String> breaches) {

	private static final String ROW_FORMAT = "%-58s %-30s %-26s %s%n";

	BenchReport {
		figures = new LinkedHashMap<>(figures);
		bars = List.copyOf(bars);
		breaches = List.copyOf(breaches);
	}

	/**
	 * @return the table: one line per row, its value beside its bar and pass, MISS or nothing
	 */
	String table() {
		StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%nmachine: %d cores, JDK %s, load average "
				+ "%.2f before, %.2f after; %d connections%n%n", this.machine.cores(), this.machine.jdk(),
				this.machine.loadAverageBefore(), this.machine.loadAverageAfter(), this.machine.connections()));
		table.append(String.format(Locale.ROOT, ROW_FORMAT, "figure", "value", "bar", ""));
		for (Bar bar : this.bars) {
			table.append(String.format(Locale.ROOT, ROW_FORMAT, bar.label(), bar.value(), bar.bar(), bar.verdict()));
		}
		long missed = this.bars.stream().filter((bar) -> Boolean.FALSE.equals(bar.met())).count();
		long met = this.bars.stream().filter((bar) -> Boolean.TRUE.equals(bar.met())).count();
		table.append(String.format(Locale.ROOT, "%n%d bars met, %d missed%n", met, missed));
		return table.toString();
	}

	/**
	 * Writes {@code {"machine":{...}, "<figure>":{...}, ...}}: the machine, then every figure under its name.
	 * @param file where to write the report as JSON; its folder is created when missing
	 * @throws java.io.UncheckedIOException when the file cannot be written
	 */
	void write(Path file) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("machine", this.machine);
		json.putAll(this.figures);
		json.put("bars", this.bars);
		json.put("breaches", this.breaches);
		JsonFiles.write(json, file);
	}

	/**
	 * @param figure a figure's name
	 * @param measured what it measured
	 * @return this report with the figure added after the others
	 */
	BenchReport with(String figure, Measured measured) {
		Map<String, Object> allFigures = new LinkedHashMap<>(this.figures);
		allFigures.put(figure, measured.figures());
		List<Bar> allBars = new ArrayList<>(this.bars);
		allBars.addAll(measured.bars());
		List<String> allBreaches = new ArrayList<>(this.breaches);
		allBreaches.addAll(measured.breaches());
		return new BenchReport(this.machine, allFigures, allBars, allBreaches);
	}

	/**
	 * The machine a run measured.
	 *
	 * @param cores available processors
	 * @param jdk the JDK's version ({@code java.version}); the bench starts the services and the ceiling with it
	 * @param loadAverageBefore the 1-minute load average when the run began (negative when unknown)
	 * @param loadAverageAfter the 1-minute load average when it ended
	 * @param connections the HTTP load generator's connections
	 */
	record Machine(int cores, String jdk, double loadAverageBefore, double loadAverageAfter, int connections) {

	}

}
