-- RECONCILE: sets an event's gate counter to the truth, unless a settle raced with the caller's reads.
--
-- KEYS[1] avail, KEYS[2] leases, KEYS[3] lease-exp, KEYS[4] settled, KEYS[5] version, KEYS[6] quarantine
-- ARGV[1] the version the caller read before reading Postgres
-- ARGV[2] capacity minus seats confirmed in Postgres (read after ARGV[1])
-- ARGV[3..] booking ids holding a lease that the caller found already CONFIRMED in Postgres, read in the same
--           statement as ARGV[2]. Never pass rejected ones: their lease must stay counted until their REJECTED
--           settle gives the seats back, or the seats come back twice.
--
-- truth = ARGV[2] - seats of every lease not in ARGV[3..], never below 0.
-- Why it is exact while reserves and settles race: a settle bumps `version` and always follows its Postgres commit, so
-- if `version` is unchanged every booking whose lease is gone was already counted in ARGV[2]; a lease whose commit the
-- caller did not see is still in `leases` and counted here; reserves change avail and leases together, atomically
-- with this script. If `version` moved, nothing is written and the caller retries on a later pass.
--
-- A lease entry that does not parse (the id is not a canonical UUID, the seats not 1-9 digits without sign or leading
-- zero: the rule of LeaseEntries in Java) is moved to `quarantine` as it was, removed from `lease-exp`, and not
-- counted: one corrupt entry must not stop the event's reconcile, nor be silently dropped. A counter that does not
-- parse is overwritten like a missing one (LOADED).
--
-- Reply: { result, avail before (-1 when missing or unreadable), truth, lease entries quarantined }
--   result  0 IN_SYNC, 1 LOADED (counter was missing), 2 REPAIRED, -2 STALE (version moved; nothing written)
local version = tonumber(redis.call('GET', KEYS[5]) or '0')
if version ~= tonumber(ARGV[1]) then
  return { -2, -1, -1, 0 }
end

local hex4 = '%x%x%x%x'
local uuid = '^' .. hex4 .. hex4 .. '%-' .. hex4 .. '%-' .. hex4 .. '%-' .. hex4 .. '%-' .. hex4 .. hex4 .. hex4 .. '$'
local function isLease(id, seats)
  return string.match(id, uuid) ~= nil and string.match(seats, '^[1-9]%d*$') ~= nil and #seats <= 9
end

local inPostgres = {}
for i = 3, #ARGV do
  inPostgres[ARGV[i]] = true
end
local leased = 0
local quarantined = 0
local leases = redis.call('HGETALL', KEYS[2])
for i = 1, #leases, 2 do
  local id, seats = leases[i], leases[i + 1]
  if not isLease(id, seats) then
    redis.call('HSET', KEYS[6], id, seats)
    redis.call('HDEL', KEYS[2], id)
    redis.call('ZREM', KEYS[3], id)
    quarantined = quarantined + 1
  elseif not inPostgres[id] then
    leased = leased + tonumber(seats)
  end
end
local truth = tonumber(ARGV[2]) - leased
if truth < 0 then truth = 0 end

local avail = tonumber(redis.call('GET', KEYS[1]) or '')
if not avail then
  redis.call('SET', KEYS[1], truth)
  redis.call('INCR', KEYS[5])
  return { 1, -1, truth, quarantined }
end
if avail == truth then
  if quarantined > 0 then
    redis.call('INCR', KEYS[5])
  end
  return { 0, avail, truth, quarantined }
end
redis.call('SET', KEYS[1], truth)
redis.call('INCR', KEYS[5])
return { 2, avail, truth, quarantined }
