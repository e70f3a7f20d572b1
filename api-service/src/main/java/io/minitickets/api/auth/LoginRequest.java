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
record LoginRequest(@NotBlank @Size(max = 254, message = "must be 1 to 254 UTF-16 code units long") @Pattern(regexp = "\\P{Cc}*", message = "must not contain control characters") String email,
		@NotBlank @Size(max = 200, message = "must be 1 to 200 UTF-16 code units long (a character past U+FFFF counts 2)") @Pattern(regexp = "\\P{Cc}*", message = "must not contain control characters") String password) {
}
