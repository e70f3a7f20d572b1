-- Issue 18, slice 1: a waiting room per event, optional. Expand only: new nullable columns and a default that keeps
-- every existing event without one; an earlier api-service ignores them (docs/OPERATIONS.md, "Upgrading").
alter table events
    add column waiting_room_enabled boolean not null default false,
    add column waiting_room_opens_at timestamptz,
    add column admission_mode text,
    add column admission_per_second integer,
    add column admitted_for_seconds integer;

alter table events
    add constraint events_admission_mode_check check (admission_mode in ('fixed', 'auto')),
    add constraint events_admission_per_second_check check (admission_per_second > 0),
    add constraint events_admitted_for_seconds_check check (admitted_for_seconds > 0),
    add constraint events_waiting_room_configured_check check (not waiting_room_enabled or
        (admission_mode is not null and admitted_for_seconds is not null
            and (admission_mode <> 'fixed' or admission_per_second is not null)));
