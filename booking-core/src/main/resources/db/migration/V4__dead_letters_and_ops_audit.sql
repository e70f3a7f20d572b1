-- One row per record of bookings.requested that the worker dead-lettered, keyed by the record's original coordinates
-- (where the API first wrote it; a replayed copy carries them in minitickets-original-* headers). The worker's
-- recoverer inserts the row in the same step as it publishes to bookings.requested-dlt and publishes nothing when the
-- row exists, so re-consuming a poison record (an offset reset, a replay of the main topic) never dead-letters it
-- twice. ops replay counts its redrives here and parks the record in bookings.requested-parked past its limit.
create table dead_letters (
    original_topic      varchar(249) not null,
    original_partition  integer      not null,
    original_offset     bigint       not null,
    exception_class     varchar(400),
    dead_lettered_at    timestamptz  not null default now(),
    redrives            integer      not null default 0,
    parked_at           timestamptz,
    primary key (original_topic, original_partition, original_offset)
);

-- What operators did: one row per ops replay --execute (who, when, what, filters, counts), appended, never changed
-- except by the run that wrote it filling in its settled counts once the worker has caught up.
create table ops_audit (
    id             bigserial    primary key,
    at             timestamptz  not null default now(),
    who            varchar(200) not null,
    command        varchar(40)  not null,
    source_topic   varchar(249) not null,
    range_spec     text         not null,
    filters        text         not null,
    records_read   integer      not null,
    matched        integer      not null,
    published      integer      not null,
    skipped        integer      not null,
    parked         integer      not null,
    settled_new    integer,
    duplicates     integer,
    rejected       integer,
    still_pending  integer
);
