package io.minitickets.worker.system;

import io.minitickets.core.messaging.BookingRequested;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Prints a consumed record the same way in every log line, like spring-kafka's {@code KafkaUtils.format}.
 */
public final class KafkaRecords {

	private KafkaRecords() {
	}

	/**
	 * Formats a record's position and, when its value is a booking request, the booking.
	 * @param record the record
	 * @return {@code topic-partition@offset bookingId=… eventId=…}, or {@code topic-partition@offset key=…} when the
	 * value is not a booking request
	 */
	public static String format(ConsumerRecord<?, ?> record) {
		String position = record.topic() + "-" + record.partition() + "@" + record.offset();
		if (record.value() instanceof BookingRequested request) {
			return position + " bookingId=" + request.bookingId() + " eventId=" + request.eventId();
		}
		return position + " key=" + record.key();
	}

}
