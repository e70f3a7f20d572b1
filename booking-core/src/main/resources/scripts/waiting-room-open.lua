-- Closes an event's pre-queue at the opening, once: the cutoff is the last ticket handed out before it (a join after
-- the opening may have set it first). Without a place before the opening there is nothing to draw.
--
-- KEYS[1] seq, KEYS[2] meta
-- Reply: {cutoff, 1 drawn already (or nothing to draw) | 0 the pre-queue waits for its draw}
local cutoff = redis.call('HGET', KEYS[2], 'cutoff')
if not cutoff then
  cutoff = tonumber(redis.call('GET', KEYS[1]) or '0')
  redis.call('HSET', KEYS[2], 'cutoff', cutoff)
end
cutoff = tonumber(cutoff)
if cutoff == 0 and redis.call('HEXISTS', KEYS[2], 'drawn') == 0 then
  redis.call('HSET', KEYS[2], 'drawn', 'empty')
end
return {cutoff, redis.call('HEXISTS', KEYS[2], 'drawn')}
