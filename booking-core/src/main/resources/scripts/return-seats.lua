-- RETURN: gives the seats of bookings that ended after taking them (expired holds) back to the gate, after the Postgres
-- commit that ended them (DESIGN.md, "After the 202": "The gate learns of returned seats after the commit").
--
-- KEYS[1] avail, KEYS[2] returned (hash booking id -> RETURNED), KEYS[3] user-seats, KEYS[4] version
-- ARGV[1] how long to remember a return, ms (the settle memory, as SETTLE's `settled`)
-- ARGV[2..] triples: booking id, its user id ('' when unknown), its seats
--
-- Idempotent per booking id: a booking already in `returned` (returned before, or counted by a RECONCILE that read
-- Postgres after it ended and marked it there) changes nothing. For each new one: its seats are added to avail (a
-- missing counter is not created: the reconciler loads it from Postgres, where the seats are already free) and taken
-- from its user's seats for the per-user limit (the entry removed at 0 or below). `version` is bumped when anything
-- was returned, for the reconciler's compare-and-set.
--
-- Reply: { bookings returned now, seats returned now }
local returned, seats = 0, 0
for i = 2, #ARGV, 3 do
  local id, user, n = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])
  if redis.call('HSETNX', KEYS[2], id, 'RETURNED') == 1 then
    returned = returned + 1
    seats = seats + n
    if user ~= '' and redis.call('HINCRBY', KEYS[3], user, -n) <= 0 then
      redis.call('HDEL', KEYS[3], user)
    end
  end
end
if returned > 0 then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('INCRBY', KEYS[1], seats)
  end
  redis.call('INCR', KEYS[4])
end
if #ARGV > 1 then
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[1]))
end
return { returned, seats }
