-- Reads an event's waiting room for operators (ops queue status).
--
-- KEYS[1] places, KEYS[2] admitted-count, KEYS[3] dropped, KEYS[4] meta, KEYS[5] the gate's available seats
-- Reply: {places waiting, places admitted so far, places dropped as abandoned, 1 paused by an operator | 0,
-- 1 the gate says sold out | 0}
local avail = tonumber(redis.call('GET', KEYS[5]) or '')
return {redis.call('ZCARD', KEYS[1]), tonumber(redis.call('GET', KEYS[2]) or '0'), redis.call('SCARD', KEYS[3]),
  redis.call('HEXISTS', KEYS[4], 'paused'), (avail ~= nil and avail <= 0) and 1 or 0}
