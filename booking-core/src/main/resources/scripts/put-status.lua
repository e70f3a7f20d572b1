-- Writes a booking's status to the status cache, moving only forward.
--
-- KEYS[1] bk:{<booking id>}, a hash: status, event, user, quantity, reason (+ hold-expires, amount, currency)
-- ARGV[1] status: PENDING, HELD, EXPIRED, CONFIRMED, CANCELLED, REFUNDED or REJECTED
-- ARGV[2] event id, ARGV[3] user id, ARGV[4] seats, ARGV[5] reason ('' for none)
-- ARGV[6] time to live, ms
-- ARGV[7] hold expiry (ISO-8601 instant), ARGV[8] amount (minor units), ARGV[9] currency: all '' for a booking without
--         a hold (free event, pending, rejected); absent when an earlier version calls
--
-- A status is written only over a lower rank (BookingStatus.rank in Java): PENDING 0 < HELD 1 < EXPIRED 2 <
-- CONFIRMED 3 < CANCELLED, REFUNDED, REJECTED 4. Every transition Postgres makes goes to a higher rank, so writes that
-- overtake each other (two workers, a late retry) never move an entry back, and PENDING never replaces anything. A
-- status this script does not know (a later version wrote it) is kept. Hold fields given are written, others kept: an
-- EXPIRED write keeps the hold it ended.
-- Reply: 1 written, 0 kept what was there
local rank = { PENDING = 0, HELD = 1, EXPIRED = 2, CONFIRMED = 3, CANCELLED = 4, REFUNDED = 4, REJECTED = 4 }
local current = redis.call('HGET', KEYS[1], 'status')
if current then
  local held = rank[current]
  if held == nil or rank[ARGV[1]] <= held then
    return 0
  end
end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'event', ARGV[2], 'user', ARGV[3], 'quantity', ARGV[4],
  'reason', ARGV[5])
if ARGV[7] and ARGV[7] ~= '' then
  redis.call('HSET', KEYS[1], 'hold-expires', ARGV[7], 'amount', ARGV[8], 'currency', ARGV[9])
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[6]))
return 1
