-- wrk script for scripts/hotpath-bench: POST /api/events/{id}/bookings {"quantity":1}, each request with the next
-- user's token (round robin over TOKENS_FILE, each wrk thread starting at its own offset), counting answers by status.
-- Environment: TOKENS_FILE (one token per line), EVENT_ID; KEY_PREFIX, when set, gives every request an
-- Idempotency-Key of its own (KEY_PREFIX-<thread>-<n>: a new one per wrk run when the prefix is).
local tokens = {}
counts = {}
local next_index = 1
local threads = {}
local key_prefix = nil
local sent = 0

local function load_tokens()
  local file = assert(io.open(os.getenv("TOKENS_FILE"), "r"))
  for line in file:lines() do
    if #line > 0 then tokens[#tokens + 1] = "Bearer " .. line end
  end
  file:close()
end

function setup(thread)
  thread:set("id", #threads + 1)
  threads[#threads + 1] = thread
end

function init(args)
  load_tokens()
  next_index = 1 + math.floor((id - 1) * #tokens / 2) % #tokens
  wrk.method = "POST"
  wrk.path = "/api/events/" .. os.getenv("EVENT_ID") .. "/bookings"
  wrk.headers["Content-Type"] = "application/json"
  wrk.body = '{"quantity":1}'
  local prefix = os.getenv("KEY_PREFIX")
  if prefix and #prefix > 0 then key_prefix = prefix .. "-" .. id .. "-" end
end

function request()
  local token = tokens[next_index]
  next_index = next_index % #tokens + 1
  wrk.headers["Authorization"] = token
  if key_prefix then
    sent = sent + 1
    wrk.headers["Idempotency-Key"] = key_prefix .. sent
  end
  return wrk.format()
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for status, n in pairs(c) do total[status] = (total[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(total) do parts[#parts + 1] = status .. "=" .. n end
  table.sort(parts)
  io.write(string.format("STATUS %s\n", table.concat(parts, " ")))
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d errors=%d\n", summary.requests,
    summary.duration, latency:percentile(50), latency:percentile(99),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
