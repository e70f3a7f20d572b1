-- RECONCILE: sets an event's gate counter to the truth, unless a settle raced with the caller's reads.
--
-- KEYS[1] avail, KEYS[2] leases, KEYS[3] lease-exp, KEYS[4] settled, KEYS[5] version
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
-- Reply: { result, avail before (-1 when missing), truth }
--   result  0 IN_SYNC, 1 LOADED (counter was missing), 2 REPAIRED, -2 STALE (version moved; nothing written)
local version = tonumber(redis.call('GET', KEYS[5]) or '0')
if version ~= tonumber(ARGV[1]) then
  return { -2, -1, -1 }
end

local inPostgres = {}
for i = 3, #ARGV do
  inPostgres[ARGV[i]] = true
end
local leased = 0
local leases = redis.call('HGETALL', KEYS[2])
for i = 1, #leases, 2 do
  if not inPostgres[leases[i]] then
    leased = leased + tonumber(leases[i + 1])
  end
end
local truth = tonumber(ARGV[2]) - leased
if truth < 0 then truth = 0 end

local avail = redis.call('GET', KEYS[1])
if not avail then
  redis.call('SET', KEYS[1], truth)
  redis.call('INCR', KEYS[5])
  return { 1, -1, truth }
end
avail = tonumber(avail)
if avail == truth then
  return { 0, avail, truth }
end
redis.call('SET', KEYS[1], truth)
redis.call('INCR', KEYS[5])
return { 2, avail, truth }
