-- RESERVE: takes seats from an event's gate counter and records a lease for the booking.
--
-- KEYS[1] avail     integer, seats the gate may still hand out
-- KEYS[2] leases    hash booking id -> seats
-- KEYS[3] lease-exp sorted set booking id -> lease expiry (server time, ms)
-- KEYS[4] settled   hash booking id -> outcome of settles already applied
-- ARGV[1] booking id
-- ARGV[2] seats (positive integer)
-- ARGV[3] lease time to live in ms
--
-- Idempotent per booking id: a booking that already holds a lease, or was already settled, is answered RESERVED
-- again and nothing changes. The counter never goes below 0. A counter that is not loaded is an explicit UNKNOWN.
--
-- Reply: { result, seats available after the call }
--   result  1 RESERVED, 0 SOLD_OUT (nothing changed), -1 UNKNOWN (counter not loaded; nothing changed)
local id = ARGV[1]
local seats = tonumber(ARGV[2])

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

local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('DECRBY', KEYS[1], seats)
redis.call('HSET', KEYS[2], id, seats)
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[3]), id)
return { 1, avail - seats }
