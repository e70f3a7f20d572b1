package io.minitickets.api.problem;

import java.io.IOException;
import java.io.UncheckedIOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Writes an {@link ApiException} thrown by a handler (a 404, a 429, a 503...) straight to the response as its
 * problem, with the same body and headers as {@link ProblemDetailsAdvice#handleApiException}.
 * <p>
 * These are expected answers: Spring MVC's {@code @ExceptionHandler} resolution builds a handler method for the advice
 * on every exception (annotation lookups, argument resolution, return value handling), which cost a sold-out booking
 * more than its Valkey round trips when bookings went through Spring MVC (scripts/hotpath-bench, issue 8). Runs right
 * after Spring Boot's {@code DefaultErrorAttributes} and before the {@code @ExceptionHandler} resolver; other
 * exceptions go on to the advice.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class ApiExceptionResolver implements HandlerExceptionResolver {

	private final ProblemWriter problemWriter;

	ApiExceptionResolver(ProblemWriter problemWriter) {
		this.problemWriter = problemWriter;
	}

	@Override
	public @Nullable ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response,
			@Nullable Object handler, Exception ex) {
		if (!(ex instanceof ApiException problem) || response.isCommitted()) {
			return null;
		}
		try {
			this.problemWriter.write(request, response, problem);
		}
		catch (IOException failure) {
			throw new UncheckedIOException(failure);
		}
		return new ModelAndView();
	}

}
