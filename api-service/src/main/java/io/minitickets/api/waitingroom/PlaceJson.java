package io.minitickets.api.waitingroom;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A {@link PlaceView} in JSON, the bytes the API's JSON mapper writes for it (fields in the record's order, those
 * without a value left out, instants in ISO-8601 as {@link Instant#toString()}), built without the mapper: the answer
 * every waiting customer polls ({@link PlaceReadRoute}; issue 18, "Scale": Jackson's bean serialization was ~8 % of a
 * position answer's CPU).
 */
final class PlaceJson {

	private static final String HEX = "0123456789ABCDEF";

	private PlaceJson() {
	}

	/**
	 * @param place a place
	 * @return its JSON, UTF-8
	 */
	static byte[] bytes(PlaceView place) {
		StringBuilder json = new StringBuilder(256);
		json.append("{\"placeId\":\"").append(place.placeId()).append("\",\"eventId\":").append(place.eventId());
		json.append(",\"state\":\"").append(place.state().name()).append('"');
		number(json, "position", place.position());
		number(json, "ahead", place.ahead());
		number(json, "etaSeconds", place.etaSeconds());
		instant(json, "drawAt", place.drawAt());
		json.append(",\"admitted\":").append(place.admitted());
		instant(json, "admittedUntil", place.admittedUntil());
		text(json, "admissionToken", place.admissionToken());
		json.append(",\"waiting\":").append(place.waiting()).append(",\"soldOut\":").append(place.soldOut());
		text(json, "waitlist", place.waitlist());
		json.append(",\"paused\":").append(place.paused()).append('}');
		return json.toString().getBytes(StandardCharsets.UTF_8);
	}

	private static void number(StringBuilder json, String name, @Nullable Long value) {
		if (value != null) {
			json.append(",\"").append(name).append("\":").append(value.longValue());
		}
	}

	private static void instant(StringBuilder json, String name, @Nullable Instant value) {
		if (value != null) {
			text(json, name, value.toString());
		}
	}

	private static void text(StringBuilder json, String name, @Nullable String value) {
		if (value == null) {
			return;
		}
		json.append(",\"").append(name).append("\":\"");
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '"' -> json.append("\\\"");
				case '\\' -> json.append("\\\\");
				case '\n' -> json.append("\\n");
				case '\r' -> json.append("\\r");
				case '\t' -> json.append("\\t");
				case '\b' -> json.append("\\b");
				case '\f' -> json.append("\\f");
				default -> {
					if (c < 0x20) {
						json.append("\\u00").append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xF));
					}
					else {
						json.append(c);
					}
				}
			}
		}
		json.append('"');
	}

}
