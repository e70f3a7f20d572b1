package io.minitickets.api.web;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Utf8ValidatorTests {

	private static final long SEED = 20261201L;

	@Test
	void acceptsEveryWellFormedSequenceAtTheEdgesOfTable3To7() {
		for (String hex : List.of("00", "7f", "c280", "dfbf", "e0a080", "e0bfbf", "e18080", "ecbfbf", "ed8080",
				"ed9fbf", "ee8080", "efbfbf", "f0908080", "f0bfbfbf", "f1808080", "f3bfbfbf", "f4808080", "f48fbfbf")) {
			assertThat(wellFormed(HexFormat.of().parseHex(hex))).as(hex).isTrue();
		}
	}

	@Test
	void refusesOverlongSurrogateOutOfRangeStrayAndTruncatedSequences() {
		for (String hex : List.of("c0af", "c080", "c1bf", "e080af", "e09fbf", "eda080", "edbfbf", "f08fbfbf",
				"f4908080", "f5808080", "f8888080", "ff", "80", "bf", "c2", "e282", "f09f8e", "c241", "e28241")) {
			assertThat(wellFormed(HexFormat.of().parseHex(hex))).as(hex).isFalse();
		}
	}

	@Test
	void followsASequenceSplitBetweenTwoReads() {
		byte[] ticket = "\uD83C\uDFAB".getBytes(StandardCharsets.UTF_8);
		for (int split = 0; split <= ticket.length; split++) {
			Utf8Validator validator = new Utf8Validator();

			assertThat(validator.accept(ticket, 0, split)).isEqualTo(-1);
			assertThat(validator.atCharacterBoundary()).isEqualTo(split == 0 || split == ticket.length);
			assertThat(validator.accept(ticket, split, ticket.length - split)).isEqualTo(-1);
			assertThat(validator.atCharacterBoundary()).isTrue();
		}
	}

	@Test
	void namesTheOffsetOfTheFirstBadByteInTheWholeStream() {
		Utf8Validator validator = new Utf8Validator();
		byte[] first = "{\"x\":\"".getBytes(StandardCharsets.UTF_8);

		assertThat(validator.accept(first, 0, first.length)).isEqualTo(-1);
		assertThat(validator.accept(new byte[] { 'a', (byte) 0xc0, (byte) 0xaf }, 0, 3)).isEqualTo(first.length + 1);
	}

	@Test
	void agreesWithTheJdksStrictDecoderOnRandomBytes() {
		Random random = new Random(SEED);
		for (int i = 0; i < 50_000; i++) {
			byte[] bytes = new byte[1 + random.nextInt(6)];
			for (int j = 0; j < bytes.length; j++) {
				// Mostly the interesting bytes: leads and continuations, with some ASCII.
				bytes[j] = (byte) (random.nextInt(4) == 0 ? random.nextInt(0x80) : 0x80 + random.nextInt(0x80));
			}
			assertThat(wellFormed(bytes)).as("seed %d, bytes %s", SEED, HexFormat.of().formatHex(bytes))
				.isEqualTo(jdkDecodes(bytes));
		}
	}

	@Test
	void agreesWithTheJdksStrictDecoderOnLongMostlyAsciiBytesReadInPieces() {
		Random random = new Random(SEED);
		for (int i = 0; i < 5_000; i++) {
			byte[] bytes = new byte[1 + random.nextInt(200)];
			for (int j = 0; j < bytes.length; j++) {
				bytes[j] = (byte) (random.nextInt(40) == 0 ? 0x80 + random.nextInt(0x80) : random.nextInt(0x80));
			}
			Utf8Validator validator = new Utf8Validator();
			boolean wellFormed = true;
			for (int from = 0; from < bytes.length && wellFormed;) {
				int count = Math.min(bytes.length - from, 1 + random.nextInt(20));
				wellFormed = validator.accept(bytes, from, count) < 0;
				from += count;
			}
			assertThat(wellFormed && validator.atCharacterBoundary())
				.as("seed %d, bytes %s", SEED, HexFormat.of().formatHex(bytes))
				.isEqualTo(jdkDecodes(bytes));
		}
	}

	@Test
	void checksAHeaderValueGivenOneBytePerChar() {
		assertThat(Utf8Validator.isWellFormed("Bearer abc.def")).isTrue();
		assertThat(Utf8Validator.isWellFormed("caf\u00c3\u00a9")).isTrue();
		assertThat(Utf8Validator.isWellFormed("a\u00c0\u00afb")).isFalse();
		assertThat(Utf8Validator.isWellFormed("k\u00e2\u0082")).isFalse();
		assertThat(Utf8Validator.isWellFormed("\u20ac")).isFalse();
	}

	private static boolean wellFormed(byte[] bytes) {
		Utf8Validator validator = new Utf8Validator();
		return validator.accept(bytes, 0, bytes.length) < 0 && validator.atCharacterBoundary();
	}

	private static boolean jdkDecodes(byte[] bytes) {
		try {
			StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes));
			return true;
		}
		catch (CharacterCodingException ex) {
			return false;
		}
	}

}
