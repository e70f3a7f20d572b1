/**
 * A real Apache Kafka broker in KRaft mode, run as its own JVM process from the Kafka jars on the classpath.
 */
@NullMarked
package io.minitickets.localstack.kafka;

import org.jspecify.annotations.NullMarked;
