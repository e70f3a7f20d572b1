-- Records where a PENDING booking's record sits in bookings.requested, from the producer's acknowledgement, so that
-- status polls can say how many records are ahead of it. Only while the entry is PENDING: a final status has no place
-- in the queue, and a missing entry is not created (it would have no TTL and no status).
--
-- KEYS[1] bk:{<booking id>}
-- ARGV[1] partition, ARGV[2] offset
-- Reply: 1 recorded, 0 not (no entry, or no longer PENDING)
if redis.call('HGET', KEYS[1], 'status') == 'PENDING' then
  redis.call('HSET', KEYS[1], 'partition', ARGV[1], 'offset', ARGV[2])
  return 1
end
return 0
