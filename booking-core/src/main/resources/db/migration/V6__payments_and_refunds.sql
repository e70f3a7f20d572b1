-- Payments applied to bookings, and the refunds they cause (DESIGN.md, "After the 202", invariant 7). Expand only:
-- two new tables and a nullable column, so an api-service or worker of the previous version runs on unchanged.
--
-- payments: one row per provider webhook event the worker applied; the primary key makes a webhook apply at most once
-- per provider event id (a redelivery finds its row and changes nothing). kind: what the provider said; outcome: what
-- the worker made of it. A successful payment (one provider payment id) is applied once even when the provider sends
-- it under two event ids (the partial unique index), so it can never both confirm a booking and be refunded.
-- No foreign keys, as in V1: the worker writes these rows under the event's row lock, which already orders them after
-- the booking's own row, and a key check would lock the booking row besides (and stop tests truncating bookings).
create table payments (
    provider_event_id   text        primary key,
    booking_id          uuid        not null,
    provider_payment_id text,
    amount              bigint      not null check (amount >= 0),
    currency            char(3)     not null check (currency ~ '^[A-Z]{3}$'),
    kind                text        not null check (kind in ('SUCCEEDED', 'FAILED')),
    received_at         timestamptz not null default now(),
    outcome             text        not null check (outcome in ('CONFIRMED', 'REFUNDED', 'FAILED_RECORDED')),
    check (kind = 'FAILED' or provider_payment_id is not null)
);
create unique index payments_succeeded_once_idx on payments (provider_payment_id) where kind = 'SUCCEEDED';
create index payments_booking_idx on payments (booking_id);

-- refunds: at most one per successful payment (the primary key), so a refund is issued at most once; the provider is
-- asked with idempotency_key (refund-<booking id> for the booking's own payment, refund-<payment id> for a second
-- payment of an already paid booking), so a retried call returns the first refund. provider_refund_id and done_at
-- stay null while the provider has not taken it (the worker's retrier finds those).
create table refunds (
    provider_payment_id text        primary key,
    booking_id          uuid        not null,
    idempotency_key     text        not null unique,
    amount              bigint      not null check (amount > 0),
    currency            char(3)     not null check (currency ~ '^[A-Z]{3}$'),
    reason              text        not null,
    requested_at        timestamptz not null default now(),
    attempts            integer     not null default 0,
    provider_refund_id  text,
    done_at             timestamptz
);
create index refunds_pending_idx on refunds (requested_at) where done_at is null;

-- When a booking's payment confirmed it; null for a free event's booking and an unpaid one.
alter table bookings add column paid_at timestamptz;
