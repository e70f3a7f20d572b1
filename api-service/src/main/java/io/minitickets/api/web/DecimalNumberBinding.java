package io.minitickets.api.web;

import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Query parameters of type long or int ({@code page}, {@code size}) are read only as plain decimal digits (ASCII, an
 * optional minus). Spring's default editor for numbers ({@code NumberUtils.parseNumber}) also takes hexadecimal
 * ({@code 0x2}, {@code #2}), a plus sign and any Unicode digits, so {@code ?page=0x2} and {@code ?page=２} were page
 * 2. Anything else is a 400 ("'page' must be an integer, not 'x'"). Ids in a path are stricter still ({@link PathIds}).
 */
@ControllerAdvice
class DecimalNumberBinding {

	private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,19}");

	@InitBinder
	void readNumbersAsDecimalDigits(WebDataBinder binder) {
		binder.registerCustomEditor(long.class, new DecimalEditor(Long::valueOf));
		binder.registerCustomEditor(Long.class, new DecimalEditor(Long::valueOf));
		binder.registerCustomEditor(int.class, new DecimalEditor(Integer::valueOf));
		binder.registerCustomEditor(Integer.class, new DecimalEditor(Integer::valueOf));
	}

	private static final class DecimalEditor extends PropertyEditorSupport {

		private final Function<String, Number> parse;

		DecimalEditor(Function<String, Number> parse) {
			this.parse = parse;
		}

		@Override
		public void setAsText(String text) {
			String trimmed = text.strip();
			if (!DECIMAL.matcher(trimmed).matches()) {
				throw new IllegalArgumentException("'" + text + "' is not a decimal integer");
			}
			setValue(this.parse.apply(trimmed));
		}

	}

}
