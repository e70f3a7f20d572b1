/**
 * The simulator's problem+json answers, each with the type of its status: to requests refused before any controller
 * runs (never Tomcat's HTML page) or by Spring MVC.
 */
@NullMarked
package io.minitickets.simulator.web;

import org.jspecify.annotations.NullMarked;
