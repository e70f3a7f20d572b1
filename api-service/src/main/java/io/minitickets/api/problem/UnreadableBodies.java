package io.minitickets.api.problem;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * The 400 (or 413) answered for a request body that cannot be read as the JSON its endpoint takes: a body refused
 * while it was read ({@link RejectedBodyException}: too large, not UTF-8), a number out of range, a value of the wrong
 * type, a property sent twice, a field the request does not take (where its reader refuses those: the booking's),
 * text that is not JSON, or no body at all. The same details whether Spring MVC read the body or a route that reads
 * it itself (the booking route).
 */
public final class UnreadableBodies {

	private UnreadableBodies() {
	}

	/**
	 * @param failure what reading the body threw, or whatever wraps it (Spring MVC's
	 * {@code HttpMessageNotReadableException}); its causes are searched
	 * @return the problem to answer: the one a {@link RejectedBodyException} carries, else a 400 that says where the
	 * body is wrong without naming the parser's internals
	 */
	public static ApiException problem(Throwable failure) {
		RejectedBodyException rejected = findCause(failure, RejectedBodyException.class);
		if (rejected != null) {
			return rejected.problem();
		}
		return Problems.badRequest(describe(failure));
	}

	/**
	 * @return a 400 for a request whose body is empty where the endpoint needs one
	 */
	public static ApiException missing() {
		return Problems.badRequest("The request body is missing or unreadable.");
	}

	private static String describe(Throwable failure) {
		InputCoercionException outOfRange = findCause(failure, InputCoercionException.class);
		if (outOfRange != null) {
			return outOfRange(outOfRange);
		}
		UnrecognizedPropertyException unknown = findCause(failure, UnrecognizedPropertyException.class);
		if (unknown != null) {
			return "'" + unknown.getPropertyName() + "' is not a field of this request; it takes: "
					+ unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted()
						.collect(Collectors.joining(", ")) + ".";
		}
		MismatchedInputException mismatch = findCause(failure, MismatchedInputException.class);
		if (mismatch != null && mismatch.getPath().isEmpty()
				&& String.valueOf(mismatch.getOriginalMessage()).startsWith("Trailing token")) {
			return "The request body has more after its JSON object: send one object and nothing after it.";
		}
		if (mismatch != null && mismatch.getPath().isEmpty()) {
			return "The request body must be a JSON object.";
		}
		if (mismatch instanceof MalformedTextException) {
			return "'" + field(mismatch) + "' " + MalformedTextException.DETAIL + ".";
		}
		if (mismatch != null) {
			String field = field(mismatch);
			Class<?> target = mismatch.getTargetType();
			String expected = (target != null) ? expectedType(target) : "a value of another type";
			return "'" + field + "' must be " + expected + ".";
		}
		JacksonException json = findCause(failure, JacksonException.class);
		if (json != null) {
			return invalidJson(json);
		}
		return "The request body is missing or unreadable.";
	}

	/**
	 * A number past the range of its field's type ({@code "quantity": 2147483648}), named with the field and the
	 * range when the number was bound to one.
	 */
	private static String outOfRange(InputCoercionException ex) {
		String field = field(ex);
		Class<?> target = ex.getTargetType();
		if (field.isEmpty()) {
			return "A number in the request body is out of range.";
		}
		if (target == int.class || target == Integer.class) {
			return "'" + field + "' must be an integer from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ".";
		}
		if (target == long.class || target == Long.class) {
			return "'" + field + "' must be an integer from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE + ".";
		}
		return "'" + field + "' is out of range.";
	}

	/**
	 * @return the path of the field the failure is at ({@code quantity}, {@code items.[2].id}); empty at the root
	 */
	private static String field(JacksonException failure) {
		return failure.getPath()
			.stream()
			.map((ref) -> (ref.getPropertyName() != null) ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
			.collect(Collectors.joining("."));
	}

	/**
	 * Where the body stops being JSON, without the parser's own message: that names its classes and features
	 * ({@code JsonReadFeature...}, {@code StreamReadConstraints...}), which mean nothing to a client.
	 */
	private static String invalidJson(JacksonException json) {
		String message = String.valueOf(json.getOriginalMessage());
		if (message.startsWith("Duplicate Object property")) {
			return "The request body names a property twice: " + message.substring("Duplicate Object ".length())
					+ ".";
		}
		TokenStreamLocation location = json.getLocation();
		return (location != null && location.getLineNr() > 0)
				? "The request body is not valid JSON (line " + location.getLineNr() + ", column "
						+ location.getColumnNr() + ")."
				: "The request body is not valid JSON.";
	}

	/**
	 * @param target the type a value was to be read as
	 * @return what a client must send for it, in JSON's words, never a class's name: "an integer", "a string",
	 * "an object like {...}" ({@link ExpectedJson}), "an object with the fields a, b"...
	 */
	static String expectedType(Class<?> target) {
		if (target == int.class || target == Integer.class || target == long.class || target == Long.class) {
			return "an integer";
		}
		if (target == String.class) {
			return "a string";
		}
		if (target == java.time.Instant.class) {
			return "an ISO-8601 instant such as 2026-12-01T10:00:00Z";
		}
		if (target == boolean.class || target == Boolean.class) {
			return "true or false";
		}
		if (target == java.util.UUID.class) {
			return "a UUID such as 0b6e4c1e-8f0a-4d55-9a43-2f6c9a1d7e21";
		}
		if (Number.class.isAssignableFrom(target) || target.isPrimitive()) {
			return "a number";
		}
		if (target.isEnum()) {
			return "one of " + Arrays.stream(target.getEnumConstants()).map((constant) -> "\"" + constant + "\"")
				.collect(Collectors.joining(", "));
		}
		if (target.isArray() || java.util.Collection.class.isAssignableFrom(target)) {
			return "an array";
		}
		ExpectedJson example = target.getAnnotation(ExpectedJson.class);
		if (example != null) {
			return "an object like " + example.value();
		}
		if (target.isRecord()) {
			return "an object with the fields " + Arrays.stream(target.getRecordComponents())
				.map(RecordComponent::getName)
				.collect(Collectors.joining(", "));
		}
		return "a value of another type";
	}

	private static <T extends Throwable> @Nullable T findCause(Throwable ex, Class<T> type) {
		for (Throwable current = ex; current != null; current = current.getCause()) {
			if (type.isInstance(current)) {
				return type.cast(current);
			}
			if (current.getCause() == current) {
				break;
			}
		}
		return null;
	}

}
