package io.minitickets.simulator.behaviour;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

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
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setTitle("Invalid behaviour");
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	/** The request body; absent fields are off. */
	record Script(@Nullable Long delayMs, @Nullable Boolean duplicate, @Nullable Boolean outOfOrder,
			@Nullable Boolean decline, @Nullable Boolean never) {
	}

}
