-- Keeps the smallest queue position ("ahead") any api-service instance answered for a PENDING booking, in its status
-- entry, so that an instance whose reading of the worker's offsets is older never answers a larger one. Only while
-- the entry is PENDING; the entry keeps its TTL.
--
-- KEYS[1] bk:{<booking id>}
-- ARGV[1] the position this instance measured (0 or more)
-- Reply: the smallest recorded now (ARGV[1] or a smaller one recorded before); -1 when there is no PENDING entry
if redis.call('HGET', KEYS[1], 'status') ~= 'PENDING' then
  return -1
end
local measured = tonumber(ARGV[1])
local recorded = tonumber(redis.call('HGET', KEYS[1], 'ahead'))
if recorded ~= nil and recorded <= measured then
  return recorded
end
redis.call('HSET', KEYS[1], 'ahead', ARGV[1])
return measured
