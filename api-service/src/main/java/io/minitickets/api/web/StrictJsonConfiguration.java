package io.minitickets.api.web;

import java.time.Instant;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.type.LogicalType;

/**
 * Request bodies are read as written, so a client's mistake is refused with a precise 400 rather than guessed at.
 */
@Configuration(proxyBeanMethods = false)
class StrictJsonConfiguration {

	/**
	 * A number sent as a string ({@code "quantity":"2"}), an empty or blank string for a number or an instant
	 * ({@code "price":""}: not "absent"), a number for an instant ({@code "cancellableUntil":1700000000}: not epoch
	 * seconds) or a string as a number or boolean ({@code "email":1}) is refused rather than coerced, and a property
	 * sent twice ({@code {"quantity":11,"quantity":1}}) is refused rather
	 * than the last one silently winning; text with a lone surrogate escape (D800 to DFFF, half of no pair) is refused
	 * ({@link WellFormedText}) rather than stored as {@code ?}.
	 * @return the customizer of Boot's JSON mapper, which Spring MVC reads request bodies with
	 */
	@Bean
	JsonMapperBuilderCustomizer strictRequestBodies() {
		return (builder) -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
			.addModule(new SimpleModule("well-formed-text").addDeserializer(String.class, new WellFormedText())
				.addDeserializer(Instant.class, new IsoInstantText()))
			.withCoercionConfig(LogicalType.Integer,
					(coercion) -> coercion.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.DateTime,
					(coercion) -> coercion.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.Textual,
					(coercion) -> coercion.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
	}

}
