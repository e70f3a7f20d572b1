-- Admits the first places of an event's waiting room, in order, at most at the given rate by Valkey's clock whoever
-- calls (two api-service instances calling cannot double it): credit accrues since the last admission, at most one
-- second's worth, and an empty queue banks none. Nothing is admitted before the pre-queue is drawn, while an operator
-- paused the room (meta 'paused') or while the gate's counter says sold out (it resumes by itself when seats return).
-- A place at the head of the line whose owner has not been seen (joined or read it) for the abandon time is dropped
-- as it comes up, in the same script: the admission it would have taken goes to the next place, and its account may
-- join again. At most 1,000 places are dropped per call; credit they leave unspent is kept for the next call.
--
-- KEYS[1] places, KEYS[2] admitted (hash place id -> admission's end, ms), KEYS[3] admitted-count (integer),
-- KEYS[4] meta, KEYS[5] admit-clock (integer: Valkey time, ms, up to which credit was spent), KEYS[6] seen (sorted set
-- place id -> last seen ms), KEYS[7] dropped (set), KEYS[8] owners, KEYS[9] users, KEYS[10] the gate's available seats
-- ARGV[1] admissions per second (a whole number, at least 1), ARGV[2] how long an admission lasts, ms,
-- ARGV[3] the abandon time, ms (0: never dropped)
-- Reply: {admitted until ms (0 when none), places still waiting, places dropped now, halted ('' | 'not-drawn' |
-- 'paused' | 'sold-out'), the ids admitted...}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('HEXISTS', KEYS[4], 'drawn') == 0 then
  return {0, redis.call('ZCARD', KEYS[1]), 0, 'not-drawn'}
end
if redis.call('HEXISTS', KEYS[4], 'paused') == 1 then
  return {0, redis.call('ZCARD', KEYS[1]), 0, 'paused'}
end
local avail = tonumber(redis.call('GET', KEYS[10]) or '')
if avail ~= nil and avail <= 0 then
  return {0, redis.call('ZCARD', KEYS[1]), 0, 'sold-out'}
end
local rate = tonumber(ARGV[1])
local abandon = tonumber(ARGV[3])
local last = tonumber(redis.call('GET', KEYS[5]) or (now - 1000))
if last > now then
  last = now
end
local credit = (now - last) * rate / 1000
if credit > rate then
  credit = rate
end
local n = math.floor(credit)
if n < 1 then
  return {0, redis.call('ZCARD', KEYS[1]), 0, ''}
end
local admittedUntil = now + tonumber(ARGV[2])
local ids = {}
local dropped = 0
local emptied = false
while #ids < n and dropped < 1000 do
  local batch = redis.call('ZRANGE', KEYS[1], 0, n - #ids - 1)
  if #batch == 0 then
    emptied = true
    break
  end
  for _, id in ipairs(batch) do
    local seen = redis.call('ZSCORE', KEYS[6], id)
    redis.call('ZREM', KEYS[1], id)
    redis.call('ZREM', KEYS[6], id)
    if abandon > 0 and seen and now - tonumber(seen) > abandon then
      dropped = dropped + 1
      redis.call('SADD', KEYS[7], id)
      local owner = redis.call('HGET', KEYS[8], id)
      if owner and redis.call('HGET', KEYS[9], owner) == id then
        redis.call('HDEL', KEYS[9], owner)
      end
    else
      redis.call('HSET', KEYS[2], id, admittedUntil)
      ids[#ids + 1] = id
    end
  end
end
redis.call('INCRBY', KEYS[3], #ids)
if emptied then
  redis.call('SET', KEYS[5], now)
else
  redis.call('SET', KEYS[5], now - math.floor((credit - #ids) * 1000 / rate))
end
local reply = {(#ids > 0) and admittedUntil or 0, redis.call('ZCARD', KEYS[1]), dropped, ''}
for _, id in ipairs(ids) do
  reply[#reply + 1] = id
end
return reply
