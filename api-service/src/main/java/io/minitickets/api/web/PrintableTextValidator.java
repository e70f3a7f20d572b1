package io.minitickets.api.web;

import java.util.OptionalInt;

import io.minitickets.core.text.ControlCharacters;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import org.jspecify.annotations.Nullable;

/**
 * Checks {@link PrintableText}: refuses the first control, format or separator character and names it.
 */
public final class PrintableTextValidator implements ConstraintValidator<PrintableText, CharSequence> {

	@Override
	public boolean isValid(@Nullable CharSequence value, ConstraintValidatorContext context) {
		if (value == null) {
			return true;
		}
		OptionalInt refused = ControlCharacters.first(value);
		if (refused.isEmpty()) {
			return true;
		}
		context.disableDefaultConstraintViolation();
		context
			.buildConstraintViolationWithTemplate("must not contain " + ControlCharacters.describe(refused.getAsInt())
					+ ", a control or format character")
			.addConstraintViolation();
		return false;
	}

}
