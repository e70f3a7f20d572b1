-- Admits the first places of an event's waiting room, in order, at most at the given rate by Valkey's clock whoever
-- calls (two api-service instances calling cannot double it): credit accrues since the last admission, at most one
-- second's worth, and an empty queue banks none. Nothing is admitted before the pre-queue is drawn.
--
-- KEYS[1] places, KEYS[2] admitted (hash place id -> admission's end, ms), KEYS[3] admitted-count (integer),
-- KEYS[4] meta, KEYS[5] admit-clock (integer: Valkey time, ms, up to which credit was spent)
-- ARGV[1] admissions per second (a whole number, at least 1), ARGV[2] how long an admission lasts, ms
-- Reply: {admitted until ms (0 when none), places still waiting, the ids admitted...}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('HEXISTS', KEYS[4], 'drawn') == 0 then
  return {0, redis.call('ZCARD', KEYS[1])}
end
local rate = tonumber(ARGV[1])
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
  return {0, redis.call('ZCARD', KEYS[1])}
end
local ids = redis.call('ZRANGE', KEYS[1], 0, n - 1)
local admittedUntil = now + tonumber(ARGV[2])
for _, id in ipairs(ids) do
  redis.call('HSET', KEYS[2], id, admittedUntil)
  redis.call('ZREM', KEYS[1], id)
end
redis.call('INCRBY', KEYS[3], #ids)
if #ids < n then
  redis.call('SET', KEYS[5], now)
else
  redis.call('SET', KEYS[5], now - math.floor((credit - n) * 1000 / rate))
end
local reply = {(#ids > 0) and admittedUntil or 0, redis.call('ZCARD', KEYS[1])}
for _, id in ipairs(ids) do
  reply[#reply + 1] = id
end
return reply
