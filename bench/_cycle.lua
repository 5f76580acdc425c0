-- Cycles through the request paths listed in $BENCH_URLS (one per line), each thread from its own offset,
-- sending $BENCH_TOKEN as a bearer token when set.
local paths = {}
for line in io.lines(os.getenv("BENCH_URLS")) do paths[#paths + 1] = line end
local headers = {}
local token = os.getenv("BENCH_TOKEN")
if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
local i = 0
local counter = 0
setup = function(thread)
  thread:set("offset", counter * 9973)
  counter = counter + 1
end
init = function() i = (offset or 0) % #paths end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], headers)
end
