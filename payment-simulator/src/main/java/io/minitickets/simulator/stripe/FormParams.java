package io.minitickets.simulator.stripe;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/**
 * Reads Stripe's form encoding, where nested parameters are spelled with brackets
 * ({@code line_items[0][price_data][unit_amount]=4500}, {@code metadata[booking_id]=…}).
 *
 * @param params the request's form parameters, as received
 */
public record FormParams(MultiValueMap<String, String> params) {

	/**
	 * @param name the parameter's full name
	 * @return its value
	 * @throws StripeRequestException (400) when it is missing or blank
	 */
	public String required(String name) {
		String value = optional(name);
		if (value == null) {
			throw StripeRequestException.invalid(name, "Missing required param: " + name + ".");
		}
		return value;
	}

	/**
	 * @param name the parameter's full name
	 * @return its value, or null when missing or blank
	 */
	public @Nullable String optional(String name) {
		String value = this.params.getFirst(name);
		return (value == null || value.isBlank()) ? null : value;
	}

	/**
	 * @param name the parameter's full name
	 * @param min the smallest value allowed
	 * @return its value as a whole number
	 * @throws StripeRequestException (400) when it is missing, not a whole number or below {@code min}
	 */
	public long requiredLong(String name, long min) {
		String value = required(name);
		try {
			long number = Long.parseLong(value);
			if (number >= min) {
				return number;
			}
		}
		catch (NumberFormatException ex) {
			// answered below, as Stripe does, naming the parameter
		}
		throw StripeRequestException.invalid(name, "Invalid integer: " + value + " (at least " + min + ")");
	}

	/**
	 * @param prefix for example {@code metadata} or {@code payment_intent_data[metadata]}
	 * @return the entries {@code <prefix>[key]=value}, by key, in the order received
	 */
	public Map<String, String> map(String prefix) {
		Map<String, String> entries = new LinkedHashMap<>();
		String start = prefix + "[";
		this.params.forEach((name, values) -> {
			if (name.startsWith(start) && name.endsWith("]") && name.indexOf('[', start.length()) < 0
					&& !values.isEmpty()) {
				entries.put(name.substring(start.length(), name.length() - 1), values.get(0));
			}
		});
		return entries;
	}

}
