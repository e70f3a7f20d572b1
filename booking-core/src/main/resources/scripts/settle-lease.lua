-- SETTLE: applies Postgres's outcome for one booking to the gate, or releases a lease.
--
-- KEYS[1] avail, KEYS[2] leases, KEYS[3] lease-exp, KEYS[4] settled, KEYS[5] version, KEYS[6] user-seats,
-- KEYS[7] lease-user, KEYS[8] leased (seats the leases of KEYS[3] hold), KEYS[9] legacy lease-exp (leases an earlier
-- RESERVE took, not counted in KEYS[8]); KEYS[3] lease-exp holds the expiries of the counted leases
-- ARGV[1] booking id
-- ARGV[2] outcome: CONFIRMED, REJECTED, RELEASED (the booking never reached Postgres: send failed, lease expired), or
--         OFFERED (a waiting-list offer: its seats went from an ended booking to it in Postgres, never through avail)
-- ARGV[3] seats the booking asked for
-- ARGV[4] how long to remember a settle, ms (makes replays of lease-less settles harmless)
-- ARGV[5] the booking's user id, or '' when the caller does not know it (only a lease-less CONFIRMED or OFFERED needs
--         it)
--
-- Decided by the lease, not by a flag (DESIGN.md):
--   lease present: CONFIRMED removes it (seats stay taken); REJECTED and RELEASED remove it and give its seats back.
--   lease absent:  CONFIRMED takes the seats from avail (never below 0); OFFERED leaves avail as it is (the RETURN of
--                  the ended booking did not give those seats back); REJECTED and RELEASED change nothing.
-- The user's seats (user-seats) follow the seats: a lease's user, recorded by RESERVE in lease-user, gets them back on
-- REJECTED and RELEASED and keeps them on CONFIRMED; a lease-less CONFIRMED or OFFERED adds them to ARGV[5]'s count
-- (an offer counts against its user's limit until it ends: issue 16, "the per-user limit counts offers too"; its
-- RETURN then takes them off). CONFIRMED, OFFERED and REJECTED are idempotent per booking id (remembered in `settled`); RELEASED is remembered nowhere, so a
-- booking released by the API whose record did reach Kafka is still settled correctly later. A missing counter is
-- never created here: the reconciler loads it from Postgres. Every change bumps `version` for the reconciler's
-- compare-and-set.
-- A removed lease's seats are taken from `leased` only when RESERVE added them: the lease's expiry is in KEYS[3] (this
-- version's RESERVE), not in KEYS[9] (an earlier RESERVE, from before the versioned total, which never added them),
-- and both values parse (no script writes a lease entry that does not). A missing `leased` stays missing, one that
-- does not parse (a recount's marker too) or would go below 0 is deleted; the reconciler recounts it. An expiry
-- without a lease (left by a settle of an earlier version, which did not know KEYS[3]) is removed by any settle.
--
-- Reply: { result }  1 LEASE_SETTLED, 2 SETTLED_WITHOUT_LEASE, 0 ALREADY_SETTLED or nothing to release
local id = ARGV[1]
local outcome = ARGV[2]
local seats = tonumber(ARGV[3])
local remember = outcome ~= 'RELEASED'

if remember and redis.call('HEXISTS', KEYS[4], id) == 1 then
  return { 0 }
end

local result
local leased = redis.call('HGET', KEYS[2], id)
if leased then
  local total = redis.call('GET', KEYS[8])
  local counted = redis.call('ZREM', KEYS[3], id) == 1 and string.match(leased, '^[1-9]%d*$') and #leased <= 9
  redis.call('ZREM', KEYS[9], id)
  if total and not (string.match(total, '^%d+$') and #total <= 15) then
    redis.call('DEL', KEYS[8])
  elseif total and counted and redis.call('DECRBY', KEYS[8], tonumber(leased)) < 0 then
    redis.call('DEL', KEYS[8])
  end
  redis.call('HDEL', KEYS[2], id)
  local user = redis.call('HGET', KEYS[7], id)
  redis.call('HDEL', KEYS[7], id)
  if outcome ~= 'CONFIRMED' and outcome ~= 'OFFERED' then
    if redis.call('EXISTS', KEYS[1]) == 1 then
      redis.call('INCRBY', KEYS[1], tonumber(leased))
    end
    if user and redis.call('HINCRBY', KEYS[6], user, -tonumber(leased)) <= 0 then
      redis.call('HDEL', KEYS[6], user)
    end
  end
  result = 1
else
  redis.call('ZREM', KEYS[3], id)
  redis.call('ZREM', KEYS[9], id)
  if not remember then
    return { 0 }
  end
  if outcome == 'CONFIRMED' then
    local avail = redis.call('GET', KEYS[1])
    if avail then
      avail = tonumber(avail) - seats
      if avail < 0 then avail = 0 end
      redis.call('SET', KEYS[1], avail)
    end
    if ARGV[5] ~= '' then
      redis.call('HINCRBY', KEYS[6], ARGV[5], seats)
    end
  elseif outcome == 'OFFERED' and ARGV[5] ~= '' then
    redis.call('HINCRBY', KEYS[6], ARGV[5], seats)
  end
  result = 2
end

if remember then
  redis.call('HSET', KEYS[4], id, outcome)
  redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[4]))
end
redis.call('INCR', KEYS[5])
return { result }
