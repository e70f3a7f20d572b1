-- wrk script for scripts/hotpath-bench: a plain GET of the URL wrk is given, counting answers by status.
-- (counts is global: done() reads each thread's copy with thread:get.)
counts = {}
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
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
