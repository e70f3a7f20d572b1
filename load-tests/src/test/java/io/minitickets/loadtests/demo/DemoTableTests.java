package io.minitickets.loadtests.demo;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.minitickets.loadtests.verify.VerifierFigures;

import static org.assertj.core.api.Assertions.assertThat;

class DemoTableTests {

	@Test
	void showsTheRunsSideBySideOneRowPerFigure() {
		RunReport gateOn = new RunReport(true, 128, 16, 112, 0, 0, 16, 0, 0, 16, 2, 850.25, 45.2, 120.3, 230, 480,
				new VerifierFigures(0, 0, 0, 0, 0, 0, 0, 0, 0));
		RunReport gateOff = new RunReport(false, 128, 128, 0, 0, 0, 16, 112, 0, 128, 3, 612.0, 60.1, 150.0, 540, 900,
				new VerifierFigures(0, 0, 0, 3, 0, 0, 0, 0, 0));

		List<String> lines = DemoTable.render(List.of(gateOn, gateOff)).lines().toList();

		assertThat(lines).hasSize(20);
		assertThat(lines.get(0)).matches("\\s+gate on\\s+gate off");
		assertThat(lines).contains(row("requests", "128", "128"), row("202 accepted", "16", "128"),
				row("409 sold out", "112", "0"), row("429 rate limited", "0", "0"), row("other", "0", "0"),
				row("confirmed", "16", "16"), row("rejected", "0", "112"), row("oversold", "0", "0"),
				row("undersold (seats left after sold out)", "0", "0"), row("unsettled 202s", "0", "0"),
				row("gate drift (seats)", "0", "3"), row("consumer lag (records)", "0", "0"),
				row("bookings that reached Postgres", "16", "128"), row("Postgres settlement transactions", "2", "3"),
				row("throughput (req/s)", "850.3", "612.0"), row("p50 latency (ms)", "45.2", "60.1"),
				row("p99 latency (ms)", "120.3", "150.0"), row("last request until all settled (ms)", "230", "540"),
				row("release until every request final (ms)", "480", "900"));
	}

	@Test
	void showsThePaidEventsExpiredHoldAndOffer() {
		PaidEventReport paid = new PaidEventReport(1, 5, 1, 5_300, 1, 1,
				new VerifierFigures(0, 0, 0, 0, 0, 0, 0, 0, 0));

		List<String> lines = paid.table().lines().toList();

		assertThat(lines.getFirst()).isEqualTo("Paid event beside it (1 seat, 5 s hold, gate on)");
		assertThat(lines).contains(String.format("%-41s%12s", "hold that expired unpaid", "1"),
				String.format("%-41s%12s", "waiting-list offers made", "1"),
				String.format("%-41s%12s", "offers paid (CONFIRMED)", "1"));
	}

	private static String row(String label, String gateOn, String gateOff) {
		return String.format("%-40s%12s%12s", label, gateOn, gateOff);
	}

}
