package io.minitickets.api.problem;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a 400 shows the JSON a request's nested object takes, when a body sends something else in its place
 * ({@code "admission": 5}): {@code 'admission' must be an object like <value>} ({@link UnreadableBodies}). Without it
 * the detail lists the object's fields.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExpectedJson {

	/**
	 * @return one or more examples of the object, as JSON a client can send ({@code {"mode":"auto"}})
	 */
	String value();

}
