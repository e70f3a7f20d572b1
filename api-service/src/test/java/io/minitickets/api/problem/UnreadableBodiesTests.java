package io.minitickets.api.problem;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The details of a body that cannot be read name the field at fault, a number out of range included.
 */
class UnreadableBodiesTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	record Order(@Nullable Integer quantity, @Nullable Long eventId) {
	}

	@Test
	void namesAnIntegerFieldOutOfRangeAndItsRange() {
		for (String quantity : new String[] { "2147483648", "-2147483649", "99999999999999999999999" }) {
			assertThat(detail("{\"quantity\":" + quantity + "}")).as(quantity)
				.isEqualTo("'quantity' must be an integer from -2147483648 to 2147483647.");
		}
	}

	@Test
	void namesALongFieldOutOfRangeAndItsRange() {
		assertThat(detail("{\"eventId\":9223372036854775808}"))
			.isEqualTo("'eventId' must be an integer from -9223372036854775808 to 9223372036854775807.");
	}

	@Test
	void stillNamesAFieldOfTheWrongType() {
		assertThat(detail("{\"quantity\":\"two\"}")).isEqualTo("'quantity' must be an integer.");
	}

	@Test
	void saysWhatFollowsTheObjectRatherThanThatItIsNoObject() {
		JsonMapper strict = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
		JacksonException failure = catchThrowableOfType(JacksonException.class,
				() -> strict.readerFor(Order.class).readValue("{\"quantity\":1}{\"quantity\":1}"));

		assertThat(UnreadableBodies.problem(failure).getMessage())
			.isEqualTo("The request body has more after its JSON object: send one object and nothing after it.");
		assertThat(detail("[1]")).isEqualTo("The request body must be a JSON object.");
	}

	private static String detail(String body) {
		JacksonException failure = catchThrowableOfType(JacksonException.class,
				() -> JSON.readerFor(Order.class).readValue(body));
		ApiException problem = UnreadableBodies.problem(failure);
		assertThat(problem.getStatus().value()).isEqualTo(400);
		return problem.getMessage();
	}

}
