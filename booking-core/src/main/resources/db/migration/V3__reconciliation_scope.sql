-- The reconciler's scope: which events a pass checks first, and which it no longer checks.
-- seats_sold_checked: events.seats_sold as the last check read it; a different value now means settlements the gate
--   must reflect, so the event is checked first (NULL: never checked).
-- retired_at: when the event was retired (sold out in Postgres, no lease, counter in agreement); a retired event is
--   checked again only once its gate or Postgres shows activity (a missing counter, a lease, seats sold changed).
alter table inventory_reconciliation
    add column seats_sold_checked integer,
    add column retired_at         timestamptz;
