-- Takes one token from a token bucket and, only when one was taken, runs a guarded script, in one call.
--
-- Composed by TokenGuardedScript in Java: take_token is take-token.lua and guarded the guarded script, each a local
-- function whose parameters KEYS and ARGV stand for that file's own.
--
-- KEYS[1]     the bucket (take-token.lua's KEYS[1]); KEYS[2..] the guarded script's KEYS
-- ARGV[1..3]  take-token.lua's ARGV (capacity, refill interval ms, idle margin ms); ARGV[4..] the guarded script's
--
-- Only on one Valkey node: the bucket's hash tag is not the guarded keys', so a Valkey Cluster refuses the call.
--
-- The guarded script runs under pcall: a runtime error in it (a key of the wrong type, a value that does not parse)
-- is its own failure, never the bucket's. The token stays taken, as when the two scripts are called one after the
-- other and the second fails; whatever the guarded script wrote before its error stays written, as it would then.
--
-- Reply: take-token.lua's reply { allowed, tokens left, ms until a token, ms until full }, followed when allowed by the
-- items of the guarded script's reply (a table of integers), or by one string, the error's message, when the guarded
-- script failed
local token = take_token({ KEYS[1] }, { ARGV[1], ARGV[2], ARGV[3] })
if token[1] ~= 1 then
  return token
end
local taken = #token
local ok, reply = pcall(guarded, { unpack(KEYS, 2) }, { unpack(ARGV, 4) })
if not ok then
  -- redis.call raises a table { err = message }; Lua's own errors are strings
  token[taken + 1] = (type(reply) == 'table' and reply.err) or tostring(reply)
  return token
end
for i = 1, #reply do
  token[taken + i] = reply[i]
end
return token
