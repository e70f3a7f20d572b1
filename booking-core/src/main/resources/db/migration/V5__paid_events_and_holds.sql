-- Paid events hold their seats until paid or expired (DESIGN.md, "After the 202"). Expand only: every new column is
-- nullable or has a default, so an api-service or worker of the previous version keeps inserting and reading as
-- before (its events are free, price 0; its bookings CONFIRMED or REJECTED, both still allowed).
-- price: integer minor units of currency (cents for EUR); 0 = free, settled CONFIRMED at once as before.
-- currency: ISO 4217 code, required when price > 0. hold_seconds: how long a HELD booking waits for its payment.
-- offer_seconds: how long a waiting-list offer waits. cancellable_until: null = cancellable while HELD or CONFIRMED.
alter table events
    add column price             bigint      not null default 0 check (price >= 0),
    add column currency          char(3)     check (currency ~ '^[A-Z]{3}$'),
    add column hold_seconds      integer     not null default 600 check (hold_seconds between 5 and 86400),
    add column offer_seconds     integer     not null default 1800 check (offer_seconds between 5 and 86400),
    add column cancellable_until timestamptz,
    add constraint events_paid_have_currency check (price = 0 or currency is not null);

-- seats_sold keeps meaning seats taken: HELD + CONFIRMED quantities.
-- hold_expires_at: when a HELD booking expires unpaid; amount, currency: price × quantity and the event's currency,
-- copied at settle time (null for a free event); ended_at: when it became EXPIRED, CANCELLED or REFUNDED.
alter table bookings drop constraint bookings_status_check;
alter table bookings
    add constraint bookings_status_check
        check (status in ('CONFIRMED', 'REJECTED', 'HELD', 'EXPIRED', 'CANCELLED', 'REFUNDED')),
    add column hold_expires_at timestamptz,
    add column amount          bigint check (amount >= 0),
    add column currency        char(3),
    add column ended_at        timestamptz;

-- The expirer's scan: the HELD bookings that are due, in expiry order; small, since only open holds are in it. The
-- event id is included so that finding the events with due holds reads the index alone.
create index bookings_due_holds_idx on bookings (hold_expires_at) include (event_id) where status = 'HELD';
-- The per-user limit counts HELD seats as well as CONFIRMED ones.
create index bookings_event_user_taken_idx on bookings (event_id, user_id) where status in ('HELD', 'CONFIRMED');
-- The reconciler's read of the bookings that ended recently (their late RETURN must not count their seats twice).
create index bookings_ended_idx on bookings (event_id, ended_at) where ended_at is not null;
