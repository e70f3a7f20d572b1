package io.minitickets.api.board;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Function;
import java.util.stream.Stream;

import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's Chromium, headless on a closed network, driven through Debian's chromedriver (both installed by
 * {@code ./scripts/install-chromium}); Selenium Manager is never asked to download anything. Each instance starts a
 * browser with a fresh profile and deletes it on close.
 */
final class HeadlessChromium implements AutoCloseable {

	/**
	 * How long a page may take to show what is awaited: the board refreshes every second, but the suite's first test
	 * on a cold JVM beside a build on this 2-core machine once took over 30 s.
	 */
	private static final Duration WAIT = Duration.ofSeconds(90);

	private final Path profile;

	private final ChromeDriver driver;

	HeadlessChromium() throws IOException {
		this.profile = Files.createTempDirectory("board-chromium-");
		ChromeOptions options = new ChromeOptions();
		options.setBinary(executable("chromium"));
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--disable-dev-shm-usage", "--user-data-dir=" + this.profile, "--window-size=1280,1000");
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(new File(executable("chromedriver")))
			.usingAnyFreePort()
			.build();
		this.driver = new ChromeDriver(service, options);
		this.driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
	}

	/** @return the driver */
	ChromeDriver driver() {
		return this.driver;
	}

	/**
	 * Waits up to 90 s, checking every 100 ms, until the condition gives a value other than null or false. An element
	 * the page replaced while the condition read it (the board re-renders its panels on every refresh) counts as not yet,
	 * like an element not found.
	 * @param <T> what the condition gives
	 * @param condition reads the page
	 * @return the condition's first truthy value
	 * @throws org.openqa.selenium.TimeoutException when 90 s pass without one; its message holds the page's text then
	 */
	<T> T until(Function<WebDriver, T> condition) {
		return new WebDriverWait(this.driver, WAIT, Duration.ofMillis(100))
			.ignoring(StaleElementReferenceException.class)
			.withMessage(() -> "the page showed: " + this.driver.findElement(By.tagName("body")).getText())
			.until(condition::apply);
	}

	/**
	 * Saves what the window shows, at a size.
	 * @param file the PNG to write
	 * @param width the window's width, CSS pixels
	 * @param height the window's height, CSS pixels
	 * @throws IOException when the file cannot be written
	 */
	void screenshot(Path file, int width, int height) throws IOException {
		this.driver.manage().window().setSize(new Dimension(width, height));
		Files.createDirectories(file.getParent());
		Files.write(file, this.driver.getScreenshotAs(OutputType.BYTES));
	}

	@Override
	public void close() throws IOException {
		try {
			this.driver.quit();
		}
		finally {
			try (Stream<Path> files = Files.walk(this.profile)) {
				files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
			}
		}
	}

	private static String executable(String name) {
		return Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator))
			.map((folder) -> Path.of(folder, name))
			.filter(Files::isExecutable)
			.findFirst()
			.map(Path::toString)
			.orElseThrow(() -> new IllegalStateException(
					name + " is not on the PATH: run ./scripts/install-chromium (Debian's chromium and chromium-driver)"));
	}

}
