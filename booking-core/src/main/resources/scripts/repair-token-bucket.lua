-- Deletes a token bucket only while it is corrupt, so that the next take starts it full, as an expired bucket starts:
-- a compare-and-delete, so a bucket another caller has repaired and taken from since is never reset.
--
-- KEYS[1] the bucket (take-token.lua's KEYS[1])
--
-- Corrupt: a value of another type than hash (no script writes one), or a hash whose credit_ms or ts is not a whole
-- number of 1-15 digits (take-token.lua writes only those). Lua's tonumber reads "nan", "inf" or "1e300" as numbers,
-- and take-token.lua then fails on every call (the bucket's expiry cannot be set), which is what makes a caller ask.
--
-- Reply: 1 deleted (it was corrupt), 0 the bucket is sound or absent (nothing changed)
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'none' then
  return 0
end
if kind == 'hash' then
  local state = redis.call('HMGET', KEYS[1], 'credit_ms', 'ts')
  local sound = true
  for i = 1, 2 do
    local value = state[i]
    if value and not (string.match(value, '^%d+$') and #value <= 15) then
      sound = false
    end
  end
  if sound then
    return 0
  end
end
redis.call('DEL', KEYS[1])
return 1
