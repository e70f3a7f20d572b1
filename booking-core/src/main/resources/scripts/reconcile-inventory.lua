-- RECONCILE: sets an event's gate counter to the truth, unless a settle raced with the caller's reads.
--
-- KEYS[1] avail, KEYS[2] leases, KEYS[3] lease-exp, KEYS[4] settled, KEYS[5] version, KEYS[6] quarantine,
-- KEYS[7] leased (seats the leases whose expiry is in KEYS[3] hold), KEYS[8] legacy lease-exp (expiries of the leases an
-- earlier RESERVE took, before the versioned total: not counted in KEYS[7]), KEYS[9] returned (see return-seats.lua)
-- ARGV[1] the version the caller read before reading Postgres
-- ARGV[2] capacity minus seats taken in Postgres (HELD + CONFIRMED: seats_sold; read after ARGV[1])
-- ARGV[3] n, how many booking ids follow as ARGV[4..3+n]
-- ARGV[4..3+n] booking ids holding a lease that the caller found had taken their seats in Postgres (any status but
--              REJECTED: an ended one's seats come back by RETURN, not by its lease), read in the same statement as
--              ARGV[2]. Never pass rejected ones: their lease must stay counted until their REJECTED settle gives the
--              seats back, or the seats come back twice.
-- ARGV[4+n]    m, how many booking ids follow as ARGV[6+n..5+n+m]
-- ARGV[5+n]    how long to remember a return, ms (the settle memory)
-- ARGV[6+n..5+n+m] bookings that ended after taking seats (expired holds), read in the same statement as ARGV[2]
--              (their seats are free in it): recorded in KEYS[9] as RECONCILED (unless already there) whenever the
--              counter is set or found in agreement (not on STALE or RECOUNT), so that a RETURN arriving after this
--              reconcile does not count their seats a second time, but still takes them off their user's count. A RETURN that ran before the version of ARGV[1] was read is counted in ARGV[2]
--              and in avail alike; one that ran after it moved the version, and nothing is written.
-- ARGV[6+n+m..] lease fields the caller read whose entry did not parse, to be quarantined
--
-- truth = ARGV[2] - (leased - seats of the counted ARGV[4..3+n] leases still present) - seats of the legacy leases not
-- in ARGV[4..3+n], never below 0: the seats of every lease not in ARGV[4..3+n], as a walk over the leases would count
-- them, read from the running total `leased` that RESERVE and SETTLE keep atomically with the leases, plus the leases
-- of KEYS[8], read one by one (an api-service not yet upgraded takes those: none once every one is; docs/OPERATIONS.md,
-- "Upgrading"). A legacy expiry whose lease is gone is removed. The cost is one HGET per id passed, whatever the number of leases.
-- Why it is exact while reserves and settles race: a settle bumps `version` and always follows its Postgres commit, so
-- if `version` is unchanged every booking whose lease is gone was already counted in ARGV[2]; a lease whose commit the
-- caller did not see is still in `leases` and counted in `leased`; reserves change avail, leases and `leased`
-- together, atomically with this script. If `version` moved, nothing is written and the caller retries on a later
-- pass.
--
-- `leased` is the sum of the lease entries that parse: only RESERVE adds to it, SETTLE takes from it only a value that
-- parses. When it is missing (state written before it existed, or deleted), does not parse (also: a recount is under
-- way, see LeasedTotalRecount) or cannot be right (below the number of counted leases, each holding at least one seat, or
-- below
-- the seats of the confirmed counted leases), this script does not walk the leases (~2.5 µs a lease, 220-430 ms per 100,000,
-- Valkey blocked meanwhile): it writes nothing but the quarantine and answers RECOUNT, and the caller recounts the
-- total in chunks (HSCAN) and sets it with a compare-and-set (set-leased-total.lua) before calling again. With no
-- leases it is set to 0 here. A total too high (no script makes one) could only hold seats back, never admit more than
-- the truth; it is reset when no lease is left.
--
-- A lease entry that does not parse (the id is not a canonical UUID, the seats not 1-9 digits without sign or leading
-- zero: the rule of LeaseEntries in Java) is moved to `quarantine` as it was, removed from `lease-exp`, and not
-- counted: one corrupt entry must not stop the event's reconcile, nor be silently dropped. The entries quarantined are
-- those of ARGV[4+n..] still present and still not parsing. No script writes such an entry, so
-- none was ever added to `leased`: quarantining leaves `leased` as it is. A counter that does not parse is overwritten
-- like a missing one (LOADED).
--
-- Reply: { result, avail before (-1 when missing or unreadable), truth, lease entries quarantined }
--   result  0 IN_SYNC, 1 LOADED (counter was missing), 2 REPAIRED, -2 STALE (version moved; nothing written),
--           -3 RECOUNT (the leased total must be recounted first; only quarantined entries were written)
local version = tonumber(redis.call('GET', KEYS[5]) or '0')
if version ~= tonumber(ARGV[1]) then
  return { -2, -1, -1, 0 }
end

local hex4 = '%x%x%x%x'
local uuid = '^' .. hex4 .. hex4 .. '%-' .. hex4 .. '%-' .. hex4 .. '%-' .. hex4 .. '%-' .. hex4 .. hex4 .. hex4 .. '$'
local function isLease(id, seats)
  return string.match(id, uuid) ~= nil and string.match(seats, '^[1-9]%d*$') ~= nil and #seats <= 9
end
local quarantined = 0
local function quarantine(id, seats)
  redis.call('HSET', KEYS[6], id, seats)
  redis.call('HDEL', KEYS[2], id)
  redis.call('ZREM', KEYS[3], id)
  redis.call('ZREM', KEYS[8], id)
  quarantined = quarantined + 1
end

local confirmedIds = tonumber(ARGV[3])
local endedIds = tonumber(ARGV[4 + confirmedIds])
local firstUnparseable = 6 + confirmedIds + endedIds
local function markReturned()
  for i = 6 + confirmedIds, 5 + confirmedIds + endedIds do
    redis.call('HSETNX', KEYS[9], ARGV[i], 'RECONCILED')
  end
  if endedIds > 0 then
    redis.call('PEXPIRE', KEYS[9], tonumber(ARGV[5 + confirmedIds]))
  end
end
for i = firstUnparseable, #ARGV do
  local seats = redis.call('HGET', KEYS[2], ARGV[i])
  if seats and not isLease(ARGV[i], seats) then
    quarantine(ARGV[i], seats)
  end
end

local confirmed = 0
local seen = {}
for i = 4, 3 + confirmedIds do
  local id = ARGV[i]
  if not seen[id] then
    seen[id] = true
    local seats = redis.call('HGET', KEYS[2], id)
    if seats and isLease(id, seats) and redis.call('ZSCORE', KEYS[3], id) then
      confirmed = confirmed + tonumber(seats)
    end
  end
end

local legacy = 0
local legacyIds = redis.call('ZRANGE', KEYS[8], 0, -1)
for i = 1, #legacyIds do
  local id = legacyIds[i]
  local seats = redis.call('HGET', KEYS[2], id)
  if not seats then
    redis.call('ZREM', KEYS[8], id)
  elseif not seen[id] and isLease(id, seats) and not redis.call('ZSCORE', KEYS[3], id) then
    legacy = legacy + tonumber(seats)
  end
end

local stored = redis.call('GET', KEYS[7])
local leased = nil
if stored and string.match(stored, '^%d+$') and #stored <= 15 then
  leased = tonumber(stored)
end
local count = redis.call('ZCARD', KEYS[3])
if redis.call('HLEN', KEYS[2]) == 0 then
  if leased ~= 0 then
    redis.call('SET', KEYS[7], 0)
  end
  leased = 0
elseif not leased or leased < count or leased < confirmed then
  if quarantined > 0 then
    redis.call('INCR', KEYS[5])
  end
  return { -3, -1, -1, quarantined }
end
local truth = tonumber(ARGV[2]) - (leased - confirmed) - legacy
if truth < 0 then truth = 0 end

markReturned()
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
