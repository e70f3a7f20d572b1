-- Reads one place of an event's waiting room.
--
-- KEYS[1] places, KEYS[2] owners, KEYS[3] admitted (hash place id -> admission's end, Valkey time ms), KEYS[4] meta
-- ARGV[1] place id
-- Reply: {} no such place; else {owner user id, state, ahead, admitted until ms, waiting}: state PRE_QUEUE (joined
-- before the opening, not drawn yet: ahead -1), WAITING (ahead = places before it), ADMITTED (ahead -1, admitted
-- until > 0); waiting = places not admitted yet
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if not owner then
  return {}
end
local waiting = redis.call('ZCARD', KEYS[1])
local admittedUntil = redis.call('HGET', KEYS[3], ARGV[1])
if admittedUntil then
  return {owner, 'ADMITTED', -1, tonumber(admittedUntil), waiting}
end
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then
  return {}
end
local cutoff = redis.call('HGET', KEYS[4], 'cutoff')
if (not cutoff) or (redis.call('HEXISTS', KEYS[4], 'drawn') == 0 and tonumber(score) <= tonumber(cutoff)) then
  return {owner, 'PRE_QUEUE', -1, 0, waiting}
end
return {owner, 'WAITING', redis.call('ZRANK', KEYS[1], ARGV[1]), 0, waiting}
