-- wrk script of `npm run bench -- --cluster` (scripts/bench-cluster.ts): cycles through a mix of
-- requests listed in a file, one per line: a path, or a path, a tab and the Cookie header to send
-- (signed-in dashboard reads). The browser headers come from wrk's -H options. Prints p95 as
-- scripts/bench-listings.lua does.

local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

local lines = {}
local next_index = 0
local stride = 1

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then
      local path, cookie = line:match("^([^\t]+)\t(.+)$")
      lines[#lines + 1] = { path = path or line, cookie = cookie }
    end
  end
  stride = tonumber(args[2]) or 1
  next_index = thread_index or 0
end

function request()
  local entry = lines[(next_index % #lines) + 1]
  next_index = next_index + stride
  if entry.cookie then
    local headers = {}
    for name, value in pairs(wrk.headers) do headers[name] = value end
    headers["Cookie"] = entry.cookie
    return wrk.format(nil, entry.path, headers)
  end
  return wrk.format(nil, entry.path)
end

function done(summary, latency, requests)
  io.write(string.format("zampa-percentile 95 %d\n", latency:percentile(95)))
end
