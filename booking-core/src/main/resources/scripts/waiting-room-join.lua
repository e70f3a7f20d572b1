-- Takes a place in an event's waiting room for an account, or finds the one it has: one place per account per event.
-- The first join after the sale opened closes the pre-queue first (the opening does so too, waiting-room-open.lua):
-- places with a ticket up to the cutoff are drawn in a random order at the opening, later ones keep arrival order.
-- A new place is seen now (the abandonment clock, waiting-room-admit.lua); an account whose place was dropped as
-- abandoned has none and takes a new one at the back.
--
-- KEYS[1] places (sorted set place id -> ticket), KEYS[2] users (hash user id -> place id),
-- KEYS[3] owners (hash place id -> user id), KEYS[4] seq (integer: the last ticket handed out),
-- KEYS[5] meta (hash: cutoff, drawn), KEYS[6] seen (sorted set place id -> last seen, Valkey time ms)
-- ARGV[1] user id, ARGV[2] the new place's id, ARGV[3] '1' once the sale has opened, else '0'
-- Reply: {place id, 1 joined now | 0 the account's existing place}
local existing = redis.call('HGET', KEYS[2], ARGV[1])
if existing then
  return {existing, 0}
end
if ARGV[3] == '1' and redis.call('HEXISTS', KEYS[5], 'cutoff') == 0 then
  redis.call('HSET', KEYS[5], 'cutoff', tonumber(redis.call('GET', KEYS[4]) or '0'))
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ticket = redis.call('INCR', KEYS[4])
redis.call('ZADD', KEYS[1], ticket, ARGV[2])
redis.call('ZADD', KEYS[6], now, ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[2], ARGV[1])
return {ARGV[2], 1}
