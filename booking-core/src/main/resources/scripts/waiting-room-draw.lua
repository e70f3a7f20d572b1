-- Applies the opening's draw, once: the pre-queue's places (tickets 1..cutoff) get tickets 1..n in the drawn order.
--
-- KEYS[1] places, KEYS[2] meta
-- ARGV[1] the draw's commitment (hex), ARGV[2..] every place id of the pre-queue, in the drawn order
-- Reply: 1 applied; 0 drawn already (nothing changed); -1 not the pre-queue, or not closed (nothing changed)
if redis.call('HEXISTS', KEYS[2], 'drawn') == 1 then
  return 0
end
local cutoff = tonumber(redis.call('HGET', KEYS[2], 'cutoff'))
if not cutoff or redis.call('ZCOUNT', KEYS[1], 1, cutoff) ~= #ARGV - 1 then
  return -1
end
for i = 2, #ARGV do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if not score or tonumber(score) > cutoff then
    return -1
  end
end
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], 'XX', i - 1, ARGV[i])
end
redis.call('HSET', KEYS[2], 'drawn', ARGV[1])
return 1
