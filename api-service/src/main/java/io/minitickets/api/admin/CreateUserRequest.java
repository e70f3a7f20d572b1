package io.minitickets.api.admin;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /api/admin/users}.
 *
 * @param email the login, unique ignoring case
 * @param password 8 characters to 72 bytes (bcrypt reads no more)
 * @param role USER (default) or ADMIN
 */
record CreateUserRequest(@NotBlank @Email @Size(max = 254) @Pattern(regexp = "\\P{Cc}*", message = "must not contain control characters") String email,
		@NotBlank @Size(min = 8, max = 72) @Pattern(regexp = "\\P{Cc}*", message = "must not contain control characters") String password,
		@Nullable @Pattern(regexp = "USER|ADMIN", message = "must be USER or ADMIN") String role) {
}
