package io.minitickets.api.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The buffers Tomcat gives each connection's socket ({@code minitickets.connection-buffers.*}): every open status
 * stream holds its connection, so these are paid per stream (docs/BENCHMARKS.md, "Status streams and push versus
 * poll"). Tomcat's defaults are 8 KB each; the request's header buffer is this read buffer plus
 * {@code server.max-http-request-header-size}.
 *
 * @param read the socket's application read buffer ({@code socket.appReadBufSize}), in bytes
 * @param write the socket's application write buffer ({@code socket.appWriteBufSize}), in bytes; a larger answer is
 * written in more than one piece
 */
@ConfigurationProperties("minitickets.connection-buffers")
public record ConnectionBuffersProperties(@DefaultValue("4KB") DataSize read, @DefaultValue("4KB") DataSize write) {
}
