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
-- Reply: take-token.lua's reply { allowed, tokens left, ms until a token }, followed when allowed by the items of the
-- guarded script's reply (a table of integers)
local token = take_token({ KEYS[1] }, { ARGV[1], ARGV[2], ARGV[3] })
if token[1] ~= 1 then
  return token
end
local reply = guarded({ unpack(KEYS, 2) }, { unpack(ARGV, 4) })
for i = 1, #reply do
  token[3 + i] = reply[i]
end
return token
