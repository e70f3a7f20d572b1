package io.minitickets.api.web;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How often Tomcat's poller looks for connections whose read or write timed out
 * ({@code minitickets.connection-timeouts.*}). The poller checks every connection it holds at each check, whether or
 * not it is waiting for anything: at Tomcat's default of once a second, 18,000 open status streams cost ~4 ms of CPU
 * a second doing nothing (docs/BENCHMARKS.md, "Idle streams"). The check is Tomcat's {@code socket.timeoutInterval},
 * and its {@code selectorTimeout} too: an idle poller's select wakes after that long and then checks every connection
 * whatever the interval, so both are set. A connection's read or write timeout (a keep-alive connection's idle
 * timeout, Tomcat's 60 s {@code connectionTimeout}) may then fire up to one interval late; nothing else waits on it:
 * the poller is woken at once for new work, and async requests (status streams) time out on Tomcat's own
 * once-a-second check, apart from this one.
 *
 * @param checkInterval how often the poller checks its connections' timeouts; Tomcat's default is 1 s
 */
@ConfigurationProperties("minitickets.connection-timeouts")
public record ConnectionTimeoutsProperties(@DefaultValue("5s") Duration checkInterval) {
}
