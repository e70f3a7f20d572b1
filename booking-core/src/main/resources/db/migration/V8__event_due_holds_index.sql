-- The expirer's chunk: one event's due HELD bookings, oldest expiry first, at most a chunk of them. With this index
-- Postgres walks the event's open holds in expiry order and stops at the chunk, even before the table is analyzed;
-- without it, each chunk read every due hold of the event and sorted them (docs/BENCHMARKS.md, "Expiry": ~40 ms per
-- chunk of 5,000 at 100,000 due). Expand only: a new partial index, so a worker of the previous version runs on
-- unchanged (its statement may use it too). Costs one more index entry per HELD booking written, none per booking
-- that is never HELD.
create index bookings_event_due_holds_idx on bookings (event_id, hold_expires_at) where status = 'HELD';
