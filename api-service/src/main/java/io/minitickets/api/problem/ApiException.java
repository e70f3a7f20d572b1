package io.minitickets.api.problem;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * An expected outcome that the API answers as an RFC 9457 problem: its status, stable type, fixed title, a precise
 * detail and optional extra fields. {@link ProblemDetailsAdvice} renders it; it is never logged as an error.
 */
public class ApiException extends RuntimeException {

	private final HttpStatus status;

	private final URI type;

	private final String title;

	private final @Nullable Long retryAfterSeconds;

	private final Map<String, Object> properties = new LinkedHashMap<>();

	private final Map<String, String> headers = new LinkedHashMap<>(2);

	/**
	 * @param status the HTTP status
	 * @param type a type URI from {@link io.minitickets.core.problem.ProblemTypes}
	 * @param title the fixed title of this type
	 * @param detail what happened to this request, precisely
	 * @param retryAfterSeconds whole seconds for a {@code Retry-After} header; null for none
	 */
	public ApiException(HttpStatus status, URI type, String title, String detail, @Nullable Long retryAfterSeconds) {
		super(detail, null, false, false);
		this.status = status;
		this.type = type;
		this.title = title;
		this.retryAfterSeconds = retryAfterSeconds;
		if (retryAfterSeconds != null) {
			this.properties.put("retryAfterSeconds", retryAfterSeconds);
		}
	}

	/**
	 * Adds an extra field to the problem body.
	 * @param name the field
	 * @param value its value
	 * @return this exception
	 */
	public ApiException with(String name, Object value) {
		this.properties.put(name, value);
		return this;
	}

	/**
	 * Adds a response header to the answer ({@code Allow} for a 405, {@code WWW-Authenticate} for a 401...).
	 * @param name the header
	 * @param value its value
	 * @return this exception
	 */
	public ApiException withHeader(String name, String value) {
		this.headers.put(name, value);
		return this;
	}

	/**
	 * @param instance the path of the request answered; null for none
	 * @return the RFC 9457 body of this problem
	 */
	ProblemDetail toProblemDetail(@Nullable URI instance) {
		ProblemDetail body = ProblemDetail.forStatusAndDetail(this.status, getMessage());
		body.setType(this.type);
		body.setTitle(this.title);
		body.setInstance(instance);
		this.properties.forEach(body::setProperty);
		return body;
	}

	/** @return the HTTP status */
	public HttpStatus getStatus() {
		return this.status;
	}

	/** @return the problem type */
	public URI getType() {
		return this.type;
	}

	/** @return the problem title */
	public String getTitle() {
		return this.title;
	}

	/** @return whole seconds for Retry-After, or null */
	public @Nullable Long getRetryAfterSeconds() {
		return this.retryAfterSeconds;
	}

	/** @return response headers of the answer besides {@code Retry-After} */
	public Map<String, String> getHeaders() {
		return this.headers;
	}

	/** @return extra fields of the problem body */
	public Map<String, Object> getProperties() {
		return this.properties;
	}

}
