package io.minitickets.simulator.behaviour;

import io.minitickets.simulator.web.SimulatorProblems;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * The control API's script: {@code POST /sim/behaviour} replaces the behaviour (fields left out are off, so
 * {@code {}} restores normal delivery), {@code GET /sim/behaviour} shows it.
 */
@RestController
class BehaviourController {

	private final Behaviours behaviours;

	BehaviourController(Behaviours behaviours) {
		this.behaviours = behaviours;
	}

	@GetMapping("/sim/behaviour")
	Behaviour current() {
		return this.behaviours.current();
	}

	@PostMapping(path = "/sim/behaviour", consumes = MediaType.APPLICATION_JSON_VALUE)
	Behaviour set(@RequestBody Script script) {
		Behaviour behaviour = new Behaviour((script.delayMs() != null) ? script.delayMs() : 0,
				Boolean.TRUE.equals(script.duplicate()), Boolean.TRUE.equals(script.outOfOrder()),
				Boolean.TRUE.equals(script.decline()), Boolean.TRUE.equals(script.never()));
		this.behaviours.set(behaviour);
		return behaviour;
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ResponseEntity<ProblemDetail> invalid(IllegalArgumentException ex) {
		ProblemDetail problem = SimulatorProblems.of(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setTitle("Invalid behaviour");
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	/**
	 * A script that cannot be read as written: the switch it misnames, the switch whose value has the wrong type, or
	 * where the body stops being JSON.
	 * @param ex what Spring MVC could not read
	 * @return 400 problem+json naming it
	 */
	@ExceptionHandler(HttpMessageNotReadableException.class)
	ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException ex) {
		return invalid(new IllegalArgumentException(describe(ex)));
	}

	private static String describe(HttpMessageNotReadableException ex) {
		Throwable cause = ex.getMostSpecificCause();
		if (cause instanceof UnrecognizedPropertyException unknown) {
			return "'" + unknown.getPropertyName() + "' is not a switch; the script takes delayMs, duplicate, "
					+ "outOfOrder, decline and never.";
		}
		if (cause instanceof DatabindException mismatch && !mismatch.getPath().isEmpty()) {
			String field = mismatch.getPath().getLast().getPropertyName();
			return "'" + field + "' must be " + ("delayMs".equals(field) ? "a whole number of ms" : "true or false")
					+ ".";
		}
		return "The body is not valid JSON of a script: {\"delayMs\":…, \"duplicate\":…, \"outOfOrder\":…, "
				+ "\"decline\":…, \"never\":…}.";
	}

	/** The request body; absent fields are off. */
	record Script(@Nullable Long delayMs, @Nullable Boolean duplicate, @Nullable Boolean outOfOrder,
			@Nullable Boolean decline, @Nullable Boolean never) {
	}

}
