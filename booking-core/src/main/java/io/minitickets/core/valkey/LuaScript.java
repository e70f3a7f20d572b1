package io.minitickets.core.valkey;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.RedisException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;

/**
 * One Lua script from the classpath, called by SHA with a fallback to EVAL only when Valkey answers NOSCRIPT (after a
 * restart or SCRIPT FLUSH), as Spring Data Redis's script executor does. Lettuce returns Lua numbers as 64-bit
 * integers (fractions truncated) and Lua tables as lists.
 */
public final class LuaScript {

	private final String name;

	private final String source;

	private final String sha;

	private LuaScript(String name, String source) {
		this.name = name;
		this.source = source;
		this.sha = sha1(source);
	}

	/**
	 * Loads a script from {@code scripts/<file>} on the classpath.
	 * @param file the file name, for example {@code reserve-seats.lua}
	 * @return the script
	 * @throws UncheckedIOException when it is missing
	 */
	public static LuaScript load(String file) {
		String path = "scripts/" + file;
		try (InputStream in = LuaScript.class.getClassLoader().getResourceAsStream(path)) {
			if (in == null) {
				throw new UncheckedIOException(new IOException("missing script " + path));
			}
			return new LuaScript(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * This script preceded by another as a local function: within {@code function}, KEYS and ARGV are its parameters,
	 * so a script file written for KEYS and ARGV runs unchanged as a function of the script that calls it.
	 * @param function the function's name, a Lua name this script calls it by
	 * @param body the script that becomes the function's body
	 * @return the composed script, with its own SHA
	 */
	public LuaScript withFunction(String function, LuaScript body) {
		return new LuaScript(this.name + " with " + body.name,
				"local function " + function + "(KEYS, ARGV)\n" + body.source + "\nend\n" + this.source);
	}

	/**
	 * Runs the script and waits for its reply.
	 * @param <T> the reply type, as {@code type} decides
	 * @param connection where to run it
	 * @param type how Lettuce decodes the reply
	 * @param keys KEYS[1..n]
	 * @param args ARGV[1..n]
	 * @return the reply
	 * @throws ValkeyUnavailableException when Valkey is unreachable or slower than the command timeout
	 */
	public <T> T execute(ValkeyConnection connection, ScriptOutputType type, String[] keys, String... args) {
		try {
			try {
				return ValkeyConnection.await(connection.async().evalsha(this.sha, type, keys, args));
			}
			catch (RedisNoScriptException ex) {
				return ValkeyConnection.await(connection.async().eval(this.source, type, keys, args));
			}
		}
		catch (RedisException ex) {
			throw new ValkeyUnavailableException("Valkey (" + connection.name() + ") failed " + this.name, ex);
		}
	}

	/**
	 * Runs the script without waiting, so that many calls are pipelined on the shared connection.
	 * @param <T> the reply type, as {@code type} decides
	 * @param connection where to run it
	 * @param type how Lettuce decodes the reply
	 * @param keys KEYS[1..n]
	 * @param args ARGV[1..n]
	 * @return the reply; completes exceptionally with a Lettuce {@link RedisException} on failure
	 * @throws ValkeyUnavailableException when no connection can be made now
	 */
	public <T> CompletionStage<T> executeAsync(ValkeyConnection connection, ScriptOutputType type, String[] keys,
			String... args) {
		CompletionStage<T> bySha = connection.async().evalsha(this.sha, type, keys, args);
		return bySha.exceptionallyCompose((ex) -> isNoScript(ex)
				? connection.async().<T>eval(this.source, type, keys, args) : java.util.concurrent.CompletableFuture
					.failedStage(ex));
	}

	private static boolean isNoScript(Throwable ex) {
		Throwable cause = (ex instanceof java.util.concurrent.CompletionException) ? ex.getCause() : ex;
		return cause instanceof RedisNoScriptException;
	}

	private static String sha1(String source) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
