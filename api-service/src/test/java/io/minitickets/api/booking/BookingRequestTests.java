package io.minitickets.api.booking;

import io.minitickets.api.problem.ApiException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A booking's quantity is checked as Bean Validation checked it ({@code @NotNull @Positive}), with the same details.
 */
class BookingRequestTests {

	@Test
	void aMissingQuantityIsA400() {
		ApiException problem = catchThrowableOfType(ApiException.class,
				() -> new BookingRequest(null).checkedQuantity());

		assertThat(problem.getStatus()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(problem.getMessage()).isEqualTo("'quantity' must not be null.");
	}

	@Test
	void aQuantityBelowOneIsA400() {
		for (int quantity : new int[] { 0, -1, Integer.MIN_VALUE }) {
			ApiException problem = catchThrowableOfType(ApiException.class,
					() -> new BookingRequest(quantity).checkedQuantity());

			assertThat(problem.getStatus()).isEqualTo(HttpStatus.BAD_REQUEST);
			assertThat(problem.getMessage()).isEqualTo("'quantity' must be greater than 0.");
		}
	}

	@Test
	void aPositiveQuantityIsTaken() {
		assertThat(new BookingRequest(1).checkedQuantity()).isOne();
		assertThat(new BookingRequest(10).checkedQuantity()).isEqualTo(10);
	}

}
