package io.minitickets.simulator.behaviour;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.springframework.stereotype.Component;

/**
 * The simulator's current {@link Behaviour}, and who wants to know when it changes.
 */
@Component
public class Behaviours {

	private final AtomicReference<Behaviour> current = new AtomicReference<>(Behaviour.NORMAL);

	private final List<Consumer<Behaviour>> listeners = new CopyOnWriteArrayList<>();

	/**
	 * @return the behaviour in force
	 */
	public Behaviour current() {
		return this.current.get();
	}

	/**
	 * Replaces the behaviour and tells the listeners.
	 * @param behaviour the new one
	 */
	public void set(Behaviour behaviour) {
		this.current.set(behaviour);
		this.listeners.forEach((listener) -> listener.accept(behaviour));
	}

	/**
	 * @param listener called after each change, on the caller's thread
	 */
	public void onChange(Consumer<Behaviour> listener) {
		this.listeners.add(listener);
	}

}
