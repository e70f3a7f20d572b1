package io.minitickets.loadtests.demo;

import io.minitickets.loadtests.verify.VerifierFigures;

/**
 * The figures of one run, exactly as the table shows them and {@code --json} writes them.
 *
 * @param gate whether api-service used the inventory gate
 * @param requests booking requests fired
 * @param accepted answered 202 with a booking id
 * @param soldOut answered 409
 * @param rateLimited answered 429
 * @param otherErrors anything else, including no answer
 * @param confirmed accepted bookings that settled CONFIRMED
 * @param rejected accepted bookings that settled REJECTED
 * @param oversold seats confirmed in Postgres beyond capacity
 * @param bookingsReachingPostgres booking rows of the event in Postgres
 * @param postgresTransactions distinct Postgres transactions that settled them
 * @param throughputRps requests per second, from their release until the last answer
 * @param p50Ms median request latency, in milliseconds
 * @param p99Ms 99th percentile request latency, in milliseconds
 * @param settledAfterMs from the last answer until every accepted booking was seen settled, in milliseconds
 * @param allFinalMs from the requests' release until every request was final (answered 409, 429 or an error, or
 * answered 202 and seen settled), in milliseconds
 * @param verifier the verifier's figures for the run's event (oversold, undersold, unsettled, drift, consumer lag)
 */
public record RunReport(boolean gate, int requests, int accepted, int soldOut, int rateLimited, int otherErrors,
		int confirmed, int rejected, long oversold, int bookingsReachingPostgres, int postgresTransactions,
		double throughputRps, double p50Ms, double p99Ms, long settledAfterMs, long allFinalMs,
		VerifierFigures verifier) {

}
