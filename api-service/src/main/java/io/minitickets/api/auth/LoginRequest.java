package io.minitickets.api.auth;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /api/auth/login}.
 *
 * @param email the login
 * @param password the password
 */
record LoginRequest(@NotBlank @Size(max = 254) @Pattern(regexp = "\\P{Cc}*", message = "must not contain control characters") String email,
		@NotBlank @Size(max = 200) @Pattern(regexp = "\\P{Cc}*", message = "must not contain control characters") String password) {
}
