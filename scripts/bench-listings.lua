-- wrk script of `npm run bench` (scripts/bench.ts): cycles through the request paths listed in a
-- file, one per line, and prints the latency percentiles wrk's --latency report lacks (p95).
--
--   wrk -t2 -c16 -d10s --latency -s scripts/bench-listings.lua http://127.0.0.1:3000 -- paths.txt
--
-- Without a file it requests the URL given to wrk. With several threads, thread i takes the paths
-- i, i + threads, i + 2 × threads, …: a list of distinct paths is then requested once each (until
-- it wraps around), whichever thread sends it.

local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

local paths = {}
local next_index = 0
local stride = 1

function init(args)
  -- args[0] is the URL; the script's own arguments follow.
  local file = args[1]
  if file then
    for line in io.lines(file) do
      if line ~= "" then paths[#paths + 1] = line end
    end
  end
  stride = tonumber(args[2]) or 1
  next_index = thread_index or 0
end

function request()
  if #paths == 0 then return wrk.format() end
  local path = paths[(next_index % #paths) + 1]
  next_index = next_index + stride
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  -- Microseconds, on lines bench.ts parses.
  for _, p in ipairs({ 50, 90, 95, 99 }) do
    io.write(string.format("zampa-percentile %g %d\n", p, latency:percentile(p)))
  end
  io.write(string.format("zampa-max %d\n", latency.max))
end
