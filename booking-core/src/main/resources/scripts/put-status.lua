-- Writes a booking's status to the status cache, moving only forward.
--
-- KEYS[1] bk:{<booking id>}, a hash: status, event, user, quantity, reason
-- ARGV[1] status: PENDING, CONFIRMED or REJECTED
-- ARGV[2] event id, ARGV[3] user id, ARGV[4] seats, ARGV[5] reason ('' for none)
-- ARGV[6] time to live, ms
--
-- A final status (CONFIRMED, REJECTED) is never overwritten; PENDING never replaces anything.
-- Reply: 1 written, 0 kept what was there
local current = redis.call('HGET', KEYS[1], 'status')
if current == 'CONFIRMED' or current == 'REJECTED' then
  return 0
end
if current and ARGV[1] == 'PENDING' then
  return 0
end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'event', ARGV[2], 'user', ARGV[3], 'quantity', ARGV[4],
  'reason', ARGV[5])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[6]))
return 1
