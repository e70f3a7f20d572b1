-- Takes one token from a token bucket, or says how long until one is there.
--
-- KEYS[1]  the bucket, a hash: credit_ms (stored credit in ms), ts (server time of the last take, ms)
-- ARGV[1]  capacity in tokens (positive integer)
-- ARGV[2]  refill interval in ms per token (positive integer): rate = 1 token per interval
-- ARGV[3]  idle margin in ms added to the expiry, so an idle bucket disappears only once it is full again
--
-- Credit is kept in ms of refill time (1 token = interval ms), so every step is integer arithmetic: no float drift,
-- however many calls. Time is Valkey's TIME, never the client's clock. The stored ts is max(stored ts, now): it never
-- moves backwards, so no span of time is refilled twice. A denial writes nothing.
--
-- Reply: { allowed (1|0), whole tokens left after this take, ms until one token is there (0 when allowed), ms until the
-- bucket is full again after this take (0 when denied) }: what a caller needs for the RateLimit fields without asking
-- again (api-service's RateLimitFields)
local capacity = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local margin = tonumber(ARGV[3])
local full = capacity * interval

local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local state = redis.call('HMGET', KEYS[1], 'credit_ms', 'ts')
local credit = tonumber(state[1])
local ts = tonumber(state[2])
if credit == nil or ts == nil then
  credit = full
  ts = now
end
if now > ts then
  credit = credit + (now - ts)
end
if credit > full then credit = full end
if credit < 0 then credit = 0 end

if credit < interval then
  return { 0, 0, interval - credit, 0 }
end

credit = credit - interval
-- ts never moves backwards: a ts ahead of this server's clock (written by a node whose clock ran ahead, before a
-- failover) already banked the refill up to ts; moving it back to now would bank that time a second time.
local stored = ts
if now > stored then stored = now end
redis.call('HSET', KEYS[1], 'credit_ms', credit, 'ts', stored)
redis.call('PEXPIRE', KEYS[1], (stored - now) + full - credit + margin)
return { 1, math.floor(credit / interval), 0, full - credit }
