-- SETTLE: applies Postgres's outcome for one booking to the gate, or releases a lease.
--
-- KEYS[1] avail, KEYS[2] leases, KEYS[3] lease-exp, KEYS[4] settled, KEYS[5] version
-- ARGV[1] booking id
-- ARGV[2] outcome: CONFIRMED, REJECTED, or RELEASED (the booking never reached Postgres: send failed, lease expired)
-- ARGV[3] seats the booking asked for
-- ARGV[4] how long to remember a settle, ms (makes replays of lease-less settles harmless)
--
-- Decided by the lease, not by a flag (DESIGN.md):
--   lease present: CONFIRMED removes it (seats stay taken); REJECTED and RELEASED remove it and give its seats back.
--   lease absent:  CONFIRMED takes the seats from avail (never below 0); REJECTED and RELEASED change nothing.
-- CONFIRMED and REJECTED are idempotent per booking id (remembered in `settled`); RELEASED is remembered nowhere, so a
-- booking released by the API whose record did reach Kafka is still settled correctly later. A missing counter is
-- never created here: the reconciler loads it from Postgres. Every change bumps `version` for the reconciler's
-- compare-and-set.
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
  redis.call('HDEL', KEYS[2], id)
  redis.call('ZREM', KEYS[3], id)
  if outcome ~= 'CONFIRMED' and redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('INCRBY', KEYS[1], tonumber(leased))
  end
  result = 1
else
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
  end
  result = 2
end

if remember then
  redis.call('HSET', KEYS[4], id, outcome)
  redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[4]))
end
redis.call('INCR', KEYS[5])
return { result }
