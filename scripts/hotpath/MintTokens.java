import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.minitickets.core.security.AccessTokens;

/**
 * Mints access tokens for synthetic users with booking-core's {@link AccessTokens}, so that a load driver can send as
 * many distinct users as it needs without the per-IP login bucket (and without bcrypt) in the way.
 * <p>
 * Usage: {@code java -cp 'local-stack/target/lib/*' MintTokens.java SECRET FIRST_USER_ID COUNT OUT_FILE}; writes one
 * token per line. The tokens are valid for 2 h.
 */
public final class MintTokens {

	public static void main(String[] args) throws IOException {
		if (args.length != 4) {
			System.err.println("usage: MintTokens SECRET FIRST_USER_ID COUNT OUT_FILE");
			System.exit(2);
		}
		AccessTokens tokens = new AccessTokens(args[0], Duration.ofHours(2), "minitickets");
		long first = Long.parseLong(args[1]);
		int count = Integer.parseInt(args[2]);
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[3]), StandardCharsets.US_ASCII))) {
			for (int i = 0; i < count; i++) {
				long userId = first + i;
				out.println(tokens.mint(userId, "load-" + userId + "@example.com", "USER").token());
			}
		}
	}

}
