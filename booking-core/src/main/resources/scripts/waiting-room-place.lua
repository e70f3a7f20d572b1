-- Reads one place of an event's waiting room; a place still waiting is seen now (its owner polls it: the abandonment
-- clock of waiting-room-admit.lua starts again).
--
-- KEYS[1] places, KEYS[2] owners, KEYS[3] admitted (hash place id -> admission's end, Valkey time ms), KEYS[4] meta,
-- KEYS[5] seen (sorted set place id -> last seen ms), KEYS[6] dropped (set of place ids), KEYS[7] the gate's
-- available seats (the event's inventory key, same hash tag)
-- ARGV[1] place id
-- Reply: {} no such place; else {owner user id, state, ahead, admitted until ms, waiting, sold out 1|0, paused 1|0}:
-- state PRE_QUEUE (joined before the opening, not drawn yet: ahead -1), WAITING (ahead = places before it), ADMITTED (ahead
-- -1, admitted until > 0), DROPPED (abandoned: ahead -1); waiting = places not admitted yet; sold out = the gate's
-- counter is there and at or below 0; paused = an operator paused admission (meta.paused)
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if not owner then
  return {}
end
local waiting = redis.call('ZCARD', KEYS[1])
local avail = tonumber(redis.call('GET', KEYS[7]) or '')
local soldOut = (avail ~= nil and avail <= 0) and 1 or 0
local paused = redis.call('HEXISTS', KEYS[4], 'paused')
local admittedUntil = redis.call('HGET', KEYS[3], ARGV[1])
if admittedUntil then
  return {owner, 'ADMITTED', -1, tonumber(admittedUntil), waiting, soldOut, paused}
end
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then
  if redis.call('SISMEMBER', KEYS[6], ARGV[1]) == 1 then
    return {owner, 'DROPPED', -1, 0, waiting, soldOut, paused}
  end
  return {}
end
local t = redis.call('TIME')
redis.call('ZADD', KEYS[5], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[1])
local cutoff = redis.call('HGET', KEYS[4], 'cutoff')
if (not cutoff) or (redis.call('HEXISTS', KEYS[4], 'drawn') == 0 and tonumber(score) <= tonumber(cutoff)) then
  return {owner, 'PRE_QUEUE', -1, 0, waiting, soldOut, paused}
end
return {owner, 'WAITING', redis.call('ZRANK', KEYS[1], ARGV[1]), 0, waiting, soldOut, paused}
