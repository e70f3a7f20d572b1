-- Takes or renews the lease that lets one api-service instance run an event's admissions.
--
-- KEYS[1] lease (string: holder id, expiring)
-- ARGV[1] holder id, ARGV[2] lease length, ms
-- Reply: 1 held by the caller now (taken or renewed), 0 held by another
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
