-- RESERVE: takes seats from an event's gate counter and records a lease for the booking.
--
-- KEYS[1] avail      integer, seats the gate may still hand out
-- KEYS[2] leases     hash booking id -> seats
-- KEYS[3] lease-exp  sorted set booking id -> lease expiry (server time, ms) of the leases counted in KEYS[7]
--                    (inv:{evt:<id>}:lease-exp:v2; the leases of an earlier RESERVE are in lease-exp, uncounted)
-- KEYS[4] settled    hash booking id -> outcome of settles already applied
-- KEYS[5] user-seats hash user id -> seats the user holds in leases plus seats confirmed through the gate
-- KEYS[6] lease-user hash booking id -> user id, for the leases taken for a user
-- KEYS[7] leased     integer, seats the leases of KEYS[3] hold (inv:{evt:<id>}:leased:v2; the reconciler creates it,
--                    a reserve never does)
-- ARGV[1] booking id
-- ARGV[2] seats (positive integer)
-- ARGV[3] lease time to live in ms
-- ARGV[4] user id, or '' for a lease counted against no user
-- ARGV[5] the event's per-user limit in seats, or '' for none
--
-- Idempotent per booking id: a booking that already holds a lease, or was already settled, is answered RESERVED
-- again and nothing changes. The counter never goes below 0. A counter that is not loaded is an explicit UNKNOWN.
-- SOLD_OUT is decided before USER_LIMIT, as the worker decides. A user's seats are counted whether or not the event
-- has a limit, so a limit always sees every seat the user holds through the gate. A new lease's seats are added to
-- `leased` when it holds a whole number; a missing one stays missing and one that does not parse is deleted, both for
-- RECONCILE to compute by walking the leases.
--
-- Reply: { result, seats available after the call }
--   result  1 RESERVED, 0 SOLD_OUT, 2 USER_LIMIT (held + confirmed + asked > limit), -1 UNKNOWN (counter not
--           loaded); nothing changed unless RESERVED
local id = ARGV[1]
local seats = tonumber(ARGV[2])
local user = ARGV[4]
local limit = tonumber(ARGV[5])

local avail = redis.call('GET', KEYS[1])
if not avail then
  return { -1, 0 }
end
avail = tonumber(avail)

if redis.call('HEXISTS', KEYS[2], id) == 1 or redis.call('HEXISTS', KEYS[4], id) == 1 then
  return { 1, avail }
end

if avail < seats then
  return { 0, avail }
end

if user ~= '' and limit then
  local held = tonumber(redis.call('HGET', KEYS[5], user) or '0')
  if held + seats > limit then
    return { 2, avail }
  end
end

local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local leased = redis.call('GET', KEYS[7])
redis.call('DECRBY', KEYS[1], seats)
redis.call('HSET', KEYS[2], id, seats)
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[3]), id)
if leased and string.match(leased, '^%d+$') and #leased <= 15 then
  redis.call('INCRBY', KEYS[7], seats)
elseif leased then
  redis.call('DEL', KEYS[7])
end
if user ~= '' then
  redis.call('HINCRBY', KEYS[5], user, seats)
  redis.call('HSET', KEYS[6], id, user)
end
return { 1, avail - seats }
