package io.minitickets.api.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the public API ({@code minitickets.api.*}).
 *
 * @param maxRequestBytes the largest request body accepted; larger ones get 413
 */
@ConfigurationProperties("minitickets.api")
public record ApiProperties(@DefaultValue("16KB") DataSize maxRequestBytes) {
}
