-- The reconciler's round-robin claims: one row per event whose sale has opened (the reconciler inserts the rows).
-- Each pass claims the least recently checked rows with FOR UPDATE SKIP LOCKED inside its own transaction, so several
-- reconciler instances never repair one event at the same time, no lock outlives the transaction, and no event
-- starves. No foreign key, like bookings: the table is the reconciler's bookkeeping, not part of the booking path.
create table inventory_reconciliation (
    event_id         bigint      primary key,
    last_checked_at  timestamptz not null default 'epoch'
);
create index inventory_reconciliation_last_checked_idx on inventory_reconciliation (last_checked_at, event_id);
