-- The waiting list (DESIGN.md, "After the 202": returned seats go to the waiting list first). Expand only: a new
-- table, so an api-service or worker of the previous version runs on unchanged (it never offers, so the entries wait).
-- No foreign keys, as in V1: the worker writes these rows under the event's row lock.
-- state: WAITING (in line), OFFERED (offer_booking_id names the HELD booking made for it; CONFIRMED at once for a free
-- event, then TAKEN), TAKEN (its offer was confirmed), EXPIRED (its offer expired unpaid), LEFT (the customer left).
create table waitlist_entries (
    id               bigserial   primary key,
    event_id         bigint      not null,
    user_id          bigint      not null,
    quantity         integer     not null check (quantity > 0),
    joined_at        timestamptz not null default now(),
    state            varchar(8)  not null default 'WAITING'
                     check (state in ('WAITING', 'OFFERED', 'TAKEN', 'EXPIRED', 'LEFT')),
    offer_booking_id uuid,
    offered_at       timestamptz,
    constraint waitlist_offer_named check (state in ('WAITING', 'LEFT') or offer_booking_id is not null)
);
-- One live entry per user per event; a user whose offer expired or who left may join again.
create unique index waitlist_entries_live_key on waitlist_entries (event_id, user_id)
    where state in ('WAITING', 'OFFERED');
-- "The oldest waiting entries of an event": the worker's walk when seats come back, and an entry's position.
create index waitlist_entries_waiting_idx on waitlist_entries (event_id, joined_at, id) include (quantity)
    where state = 'WAITING';
-- An offer's booking that expires, is cancelled or is paid finds its entry.
create index waitlist_entries_offer_idx on waitlist_entries (offer_booking_id) where offer_booking_id is not null;
