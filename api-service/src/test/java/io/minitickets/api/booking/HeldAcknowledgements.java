package io.minitickets.api.booking;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A producer interceptor that can hold the broker's acknowledgements on their way to the application: the record is
 * appended, but the send's future completes only when released — a send timeout shorter than the ack, on a real
 * broker. Kafka calls {@code onAcknowledgement} on the producer's I/O thread before it completes the future.
 */
public class HeldAcknowledgements implements ProducerInterceptor<Object, Object> {

	private static volatile CountDownLatch released = new CountDownLatch(0);

	/** Holds every acknowledgement from now on until {@link #release()} (or 60 s). */
	static void hold() {
		released = new CountDownLatch(1);
	}

	/** Lets held and later acknowledgements through. */
	static void release() {
		released.countDown();
	}

	@Override
	public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
		return record;
	}

	@Override
	public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
		try {
			released.await(60, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() {
	}

	@Override
	public void configure(Map<String, ?> configs) {
	}

}
