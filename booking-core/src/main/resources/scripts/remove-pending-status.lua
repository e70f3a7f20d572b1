-- Removes a booking's status entry while it is still PENDING: the API's booking was not accepted (Kafka did not take
-- it), so there is nothing to poll. A final status, written by a worker that did get the record after all (a send
-- that timed out on the client but reached the broker), is kept.
--
-- KEYS[1] bk:{<booking id>}
-- Reply: 1 removed, 0 kept (no entry, or a final status)
if redis.call('HGET', KEYS[1], 'status') == 'PENDING' then
  return redis.call('DEL', KEYS[1])
end
return 0
