-- Claims an Idempotency-Key for a booking and, only when the key was free, RESERVEs the booking's seats, in one call.
--
-- Composed by InventoryGate in Java: reserve is reserve-seats.lua, a local function whose parameters KEYS and ARGV stand
-- for that file's own; take-token-then.lua runs this script after a token was taken.
--
-- KEYS[1]     the Idempotency-Key's entry idem:{user:<id>}:<key>, a string; KEYS[2..] reserve-seats.lua's KEYS
-- ARGV[1]     the claim to store: the request, in flight
-- ARGV[2]     the entry's time to live, ms
-- ARGV[3]     the entry's value once RESERVE answers SOLD_OUT: the request's first final answer, 409
-- ARGV[4..]   reserve-seats.lua's ARGV
--
-- The claim is SET NX: a key that holds anything (an answer, a request in flight, a value of another type) is left as
-- it is and nothing is reserved; the caller then claims it on its own, which replays, resumes or repairs the entry.
-- SOLD_OUT replaces the claim with ARGV[3] at once (a final answer); USER_LIMIT frees the key (not final: a retry may
-- pass once a pending booking of the user is rejected); RESERVED and UNKNOWN leave the claim to the caller, who
-- answers once the booking is sent. RESERVE runs under pcall: a runtime error leaves the claim to the caller, who goes
-- on ungated (DESIGN.md, invariant 6).
--
-- Only on one Valkey node: the entry's hash tag is not the event's.
--
-- Reply: { 0 } the key was not free, nothing reserved; { 1, RESERVE's reply... } the key claimed; { 1, message } the
-- key claimed and RESERVE failed with that error
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return { 0 }
end
local ok, reply = pcall(reserve, { unpack(KEYS, 2) }, { unpack(ARGV, 4) })
if not ok then
  -- redis.call raises a table { err = message }; Lua's own errors are strings
  return { 1, (type(reply) == 'table' and reply.err) or tostring(reply) }
end
if reply[1] == 0 then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
elseif reply[1] == 2 then
  redis.call('DEL', KEYS[1])
end
return { 1, reply[1], reply[2] }
