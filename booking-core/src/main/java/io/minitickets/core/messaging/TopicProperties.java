package io.minitickets.core.messaging;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The booking topics as the services create them when missing ({@code minitickets.topics.*}).
 *
 * @param partitions partitions of each booking topic; the dead-letter topic gets as many so a failed record keeps its
 * partition (DESIGN.md default: 12; the local stack uses 3)
 * @param replicas replicas of each topic; 0 leaves it to the broker's default.replication.factor
 */
@ConfigurationProperties("minitickets.topics")
public record TopicProperties(@DefaultValue("12") int partitions, @DefaultValue("0") short replicas) {
}
