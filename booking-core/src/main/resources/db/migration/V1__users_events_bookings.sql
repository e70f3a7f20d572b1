-- Users who log in; passwords are hashed (spring-security-crypto, delegating encoder).
create table users (
    id            bigserial primary key,
    email         varchar(254) not null,
    password_hash varchar(200) not null,
    role          varchar(16)  not null default 'USER' check (role in ('USER', 'ADMIN')),
    created_at    timestamptz  not null default now()
);
create unique index users_email_key on users (lower(email));

-- Events on sale. seats_sold is updated once per settling transaction under the row lock; the CHECK is the last line
-- of defence against an oversell (DESIGN.md, invariant 1).
create table events (
    id              bigserial primary key,
    name            varchar(200) not null,
    capacity        integer      not null check (capacity > 0),
    seats_sold      integer      not null default 0,
    sale_opens_at   timestamptz  not null,
    max_per_order   integer      not null default 10 check (max_per_order > 0),
    per_user_limit  integer      check (per_user_limit > 0),
    created_at      timestamptz  not null default now(),
    constraint seats_sold_within_capacity check (seats_sold >= 0 and seats_sold <= capacity)
);

-- Settled bookings: a row exists only once Postgres decided. The primary key makes settling idempotent per booking id.
-- No foreign keys: a key check per insert would take a share lock on the hot event row (DESIGN.md, "Built for speed").
-- settled_in_tx records the settling transaction, so a run can count how many transactions Postgres needed.
create table bookings (
    id             uuid         primary key,
    event_id       bigint       not null,
    user_id        bigint       not null,
    quantity       integer      not null check (quantity > 0),
    status         varchar(16)  not null check (status in ('CONFIRMED', 'REJECTED')),
    reason         varchar(32),
    gated          boolean      not null,
    requested_at   timestamptz  not null,
    settled_at     timestamptz  not null default now(),
    settled_in_tx  bigint       not null default txid_current()
);
create index bookings_user_requested_idx on bookings (user_id, requested_at desc);
create index bookings_event_user_confirmed_idx on bookings (event_id, user_id) where status = 'CONFIRMED';
