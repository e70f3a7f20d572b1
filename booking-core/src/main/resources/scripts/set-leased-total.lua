-- Sets an event's leased total to a recount's result, only while the total still holds the recount's marker: a
-- compare-and-set, the end of a recount made in chunks outside any script (LeasedTotalRecount in Java).
--
-- KEYS[1] leased  (inv:{evt:<id>}:leased)
-- ARGV[1] the marker the recount wrote before it read the leases (a string that does not parse as a number)
-- ARGV[2] the seats of the lease entries that parse, as the recount summed them
--
-- Why it is exact: RESERVE and SETTLE delete a total that does not parse whenever they add or remove a lease
-- (reserve-seats.lua, settle-lease.lua), so the marker is still there only if no lease was added or removed since it
-- was written; then every lease was present for the whole read, and HSCAN returns each such entry (at least once: the
-- caller counts each field once). Otherwise nothing is written and a later RECONCILE asks for a recount again.
--
-- Reply: 1 set, 0 the marker is gone (a lease changed meanwhile, or another recount began): nothing written
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[2])
return 1
