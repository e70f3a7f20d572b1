package io.minitickets.api.board;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import io.minitickets.api.auth.Logins;
import io.minitickets.api.problem.Problems;
import io.minitickets.core.security.AccessToken;
import jakarta.servlet.ServletException;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The board's routes, on the management port beside actuator: the page and its script and style (public, they hold
 * no data), {@code POST /board/login} (a token, as {@code POST /api/auth/login} gives, from the page's own origin)
 * and {@code GET /board/data} (role ADMIN, {@code SecurityConfiguration}).
 * <p>
 * Not annotated on purpose: it is imported into the management context only, from
 * {@code META-INF/spring/org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration.imports},
 * so the application's component scan never finds it and the API port does not serve the board.
 */
public class BoardRoutes {

	/** The page's policy: its own script, style and data only; nothing from elsewhere, no inline script. */
	static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
			+ "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

	@Bean
	RouterFunction<ServerResponse> boardRoutes(BoardSampler sampler, Logins logins) {
		return RouterFunctions.route()
			.GET("/board", (request) -> ServerResponse.seeOther(URI.create("/board/")).build())
			.GET("/board/", (request) -> page("index.html", MediaType.TEXT_HTML))
			.GET("/board/board.js", (request) -> page("board.js", MediaType.valueOf("text/javascript")))
			.GET("/board/board.css", (request) -> page("board.css", MediaType.valueOf("text/css")))
			.POST("/board/login", (request) -> ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.cacheControl(CacheControl.noStore())
				.body(login(request, logins)))
			.GET("/board/data", (request) -> ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.cacheControl(CacheControl.noStore())
				.body(sampler.current()))
			.build();
	}

	private static AccessToken login(ServerRequest request, Logins logins) throws ServletException, IOException {
		BoardLogin login;
		try {
			login = request.body(BoardLogin.class).checked();
		}
		catch (HttpMessageNotReadableException | HttpMediaTypeNotSupportedException ex) {
			throw Problems.badRequest("Send {\"email\": …, \"password\": …} as application/json.");
		}
		return logins.login(String.valueOf(login.email()), String.valueOf(login.password()),
				request.servletRequest());
	}

	private static ServerResponse page(String file, MediaType type) {
		return ServerResponse.ok()
			.contentType(new MediaType(type, StandardCharsets.UTF_8))
			.cacheControl(CacheControl.noCache())
			.header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
			.body(new ClassPathResource("board/" + file));
	}

}
