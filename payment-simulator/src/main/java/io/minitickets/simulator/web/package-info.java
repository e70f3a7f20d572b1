/**
 * The simulator's answers to requests refused before any controller runs: problem+json, never Tomcat's HTML page.
 */
@NullMarked
package io.minitickets.simulator.web;

import org.jspecify.annotations.NullMarked;
