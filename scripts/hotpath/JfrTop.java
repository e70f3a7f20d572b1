import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a JFR recording's CPU samples went: each execution sample given to the first non-JDK frame from the leaf and
 * grouped by library, then the leaf methods and the methods present anywhere on the stack (inclusive), by share.
 * <p>
 * Usage: {@code java scripts/hotpath/JfrTop.java RECORDING.jfr [TOP]}
 */
public final class JfrTop {

	private static final List<String[]> GROUPS = List.of(new String[] { "io.micrometer.", "Micrometer" },
			new String[] { "org.springframework.security.", "Spring Security" },
			new String[] { "org.springframework.web.", "Spring MVC" },
			new String[] { "org.springframework.", "other Spring" },
			new String[] { "org.apache.catalina.", "Tomcat" }, new String[] { "org.apache.coyote.", "Tomcat" },
			new String[] { "org.apache.tomcat.", "Tomcat" }, new String[] { "io.lettuce.", "Lettuce/Netty" },
			new String[] { "io.netty.", "Lettuce/Netty" }, new String[] { "com.nimbusds.", "JWT (Nimbus)" },
			new String[] { "tools.jackson.", "Jackson" }, new String[] { "com.fasterxml.", "Jackson" },
			new String[] { "org.apache.kafka.", "Kafka client" }, new String[] { "ch.qos.logback.", "logging" },
			new String[] { "org.slf4j.", "logging" }, new String[] { "com.zaxxer.", "Hikari/JDBC" },
			new String[] { "org.postgresql.", "Hikari/JDBC" },
			new String[] { "com.github.benmanes.caffeine.", "Caffeine" },
			new String[] { "io.minitickets.", "MiniTickets" });

	public static void main(String[] args) throws IOException {
		int top = (args.length > 1) ? Integer.parseInt(args[1]) : 25;
		Map<String, Integer> groups = new HashMap<>();
		Map<String, Integer> leaves = new HashMap<>();
		Map<String, Integer> inclusive = new HashMap<>();
		int samples = 0;
		for (RecordedEvent event : RecordingFile.readAllEvents(Path.of(args[0]))) {
			if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStackTrace() == null) {
				continue;
			}
			List<RecordedFrame> frames = event.getStackTrace().getFrames();
			if (frames.isEmpty()) {
				continue;
			}
			samples++;
			leaves.merge(name(frames.get(0).getMethod()), 1, Integer::sum);
			String group = "JDK only";
			for (RecordedFrame frame : frames) {
				String type = frame.getMethod().getType().getName();
				if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
					group = group(type);
					break;
				}
			}
			groups.merge(group, 1, Integer::sum);
			Set<String> seen = new HashSet<>();
			for (RecordedFrame frame : frames) {
				String name = name(frame.getMethod());
				if (seen.add(name)) {
					inclusive.merge(name, 1, Integer::sum);
				}
			}
		}
		System.out.printf("%d execution samples%n%nby first non-JDK frame from the leaf:%n", samples);
		print(groups, samples, 100);
		System.out.printf("%nleaf methods:%n");
		print(leaves, samples, top);
		System.out.printf("%nmethods anywhere on the stack (inclusive):%n");
		print(inclusive, samples, top * 3);
	}

	private static String group(String type) {
		for (String[] group : GROUPS) {
			if (type.startsWith(group[0])) {
				return group[1];
			}
		}
		return "other: " + type.substring(0, Math.max(0, type.lastIndexOf('.')));
	}

	private static String name(RecordedMethod method) {
		String type = method.getType().getName();
		return type.substring(type.lastIndexOf('.') + 1) + "." + method.getName() + "  (" + type.substring(0,
				Math.max(0, type.lastIndexOf('.'))) + ")";
	}

	private static void print(Map<String, Integer> counts, int samples, int limit) {
		counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
			.limit(limit)
			.forEach((entry) -> System.out.printf("  %5.1f %%  %s%n", 100.0 * entry.getValue() / samples,
					entry.getKey()));
	}

}
