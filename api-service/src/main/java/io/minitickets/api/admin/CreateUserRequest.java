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
 * @param password at least 8 characters
 * @param role USER (default) or ADMIN
 */
record CreateUserRequest(@NotBlank @Email @Size(max = 254) String email, @NotBlank @Size(min = 8, max = 200) String password,
		@Nullable @Pattern(regexp = "USER|ADMIN", message = "must be USER or ADMIN") String role) {
}
