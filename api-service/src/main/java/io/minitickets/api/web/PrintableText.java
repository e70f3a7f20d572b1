package io.minitickets.api.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.minitickets.core.text.ControlCharacters;
import jakarta.validation.Constraint;
import jakarta.validation.Payload;

/**
 * The annotated text holds no control, format or separator character ({@link ControlCharacters}: Unicode categories
 * Cc, Cf, Zl, Zp), so it prints as it reads in every table and page. The violation's message names the first such
 * code point ("must not contain U+202E (Unicode category Cf), a control or format character"), which the API answers
 * as a 400 problem naming the field. Null is valid (combine with {@code @NotNull}).
 */
@Documented
@Constraint(validatedBy = PrintableTextValidator.class)
@Target({ ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
public @interface PrintableText {

	/** @return the message when no code point can be named */
	String message() default "must not contain control or format characters";

	/** @return the validation groups */
	Class<?>[] groups() default {};

	/** @return the payload */
	Class<? extends Payload>[] payload() default {};

}
