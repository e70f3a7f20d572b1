-- Replaces or deletes an Idempotency-Key's entry only while it still holds what the caller read: compare-and-set and
-- compare-and-delete, so a request whose claim expired (or was taken over) can never overwrite or free the entry of
-- another request, and a corrupt entry is replaced only once.
--
-- KEYS[1] idem:{user:<id>}:<key>, a string
-- ARGV[1] what the entry must be now: 'string' (then it must equal ARGV[2]) or 'other' (a value of another type than
--         string, which no request writes: a corrupt entry)
-- ARGV[2] the string the entry must hold (when ARGV[1] is 'string')
-- ARGV[3] the replacement string; '' deletes the entry
-- ARGV[4] the replacement's time to live, ms (unused when deleting)
--
-- Reply: 1 replaced or deleted, 0 the entry holds something else or nothing (nothing changed)
local kind = redis.call('TYPE', KEYS[1])['ok']
local matches
if ARGV[1] == 'other' then
  matches = kind ~= 'string' and kind ~= 'none'
else
  matches = kind == 'string' and redis.call('GET', KEYS[1]) == ARGV[2]
end
if not matches then
  return 0
end
if ARGV[3] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[3], 'PX', tonumber(ARGV[4]))
end
return 1
