-- RETURN: gives the seats of bookings that ended after taking them (expired holds) back to the gate, after the Postgres
-- commit that ended them (DESIGN.md, "After the 202": "The gate learns of returned seats after the commit").
--
-- KEYS[1] avail, KEYS[2] returned (hash booking id -> RETURNED), KEYS[3] user-seats, KEYS[4] version
-- ARGV[1] how long to remember a return, ms (the settle memory, as SETTLE's `settled`)
-- ARGV[2] the deadline, ms: a booking that ended longer ago than this (by Valkey's clock) is not returned
-- ARGV[3..] quintuples: booking id, its user id ('' when unknown), its seats, the seats of them that come back to
-- avail (fewer when waiting-list offers took some in the transaction that ended it), when it ended (ms since the epoch)
--
-- Idempotent per booking id: a booking marked RETURNED in `returned` (returned before) changes nothing. One marked
-- RECONCILED (counted by a RECONCILE that read Postgres after it ended: its seats are in avail already) only has its
-- seats taken from its user's count, which RECONCILE does not keep, and is marked RETURNED; without that, a RECONCILE
-- between an expiry's commit and its RETURN left the user counted for seats they no longer hold (the bench's expiry
-- figure, docs/BENCHMARKS.md). It is not counted in the reply. A booking past the deadline changes nothing either
-- and is counted as late: a RECONCILE may have counted its seats without marking it (it marks only the bookings ended
-- within twice the deadline, so that its cost does not grow with every hold that ever expired), and the reconciler
-- gives its seats back from Postgres anyway. For each other one: its seats back are added to avail (a missing counter
-- is not created: the reconciler loads it from Postgres, where the seats are already free) and all its seats taken
-- from its user's seats for the per-user limit (the entry removed at 0 or below). `version` is bumped when anything was returned,
-- for the reconciler's compare-and-set.
--
-- Reply: { bookings returned now, seats returned now, bookings too late }
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local deadline = tonumber(ARGV[2])
local returned, seats, late = 0, 0, 0
local function releaseUser(user, n)
  if user ~= '' and redis.call('HINCRBY', KEYS[3], user, -n) <= 0 then
    redis.call('HDEL', KEYS[3], user)
  end
end
local marked = false
for i = 3, #ARGV, 5 do
  local id, user, n, back, ended = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3]),
    tonumber(ARGV[i + 4])
  if now - ended > deadline then
    late = late + 1
  elseif redis.call('HSETNX', KEYS[2], id, 'RETURNED') == 1 then
    returned = returned + 1
    seats = seats + back
    releaseUser(user, n)
  elseif redis.call('HGET', KEYS[2], id) == 'RECONCILED' then
    redis.call('HSET', KEYS[2], id, 'RETURNED')
    marked = true
    releaseUser(user, n)
  end
end
if returned > 0 then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('INCRBY', KEYS[1], seats)
  end
  redis.call('INCR', KEYS[4])
end
if returned > 0 or marked then
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[1]))
end
return { returned, seats, late }
