-- The mixed API load of bench/load.ts: every wrk thread serves its share of the signed-in sessions (one
-- virtual user each, with its own client address in X-Forwarded-For) and sends, on their behalf, a mix
-- of slide grid blocks, slide details and tiles; each session also refreshes its tokens every
-- LOAD_REFRESH_SECONDS, with the newest refresh token it was given (tokens rotate; a replayed one ends
-- the session), never two refreshes of one session at a time. A refresh answer is matched to its
-- session by the session id in its new access token. done() prints one line `LOAD {json}`.
--
-- Environment: LOAD_SESSIONS (lines: sid access refresh address), LOAD_GRID (lines: a grid request
-- body), LOAD_DETAILS and LOAD_TILES (lines: a path), LOAD_GRID_PATH, LOAD_MIX ('tiles,grid,details'
-- weights), LOAD_REFRESH_SECONDS, LOAD_THREADS (wrk's -t).

local function lines(file)
  local list = {}
  for line in io.lines(file) do
    if line ~= "" then list[#list + 1] = line end
  end
  return list
end

local threads = {}
local counter = 0
setup = function(thread)
  thread:set("tid", counter)
  counter = counter + 1
  threads[#threads + 1] = thread
end

-- Per thread: its sessions and counters.
sids, access, refresh, address, due, inflight = {}, {}, {}, {}, {}, {}
sent = { tiles = 0, grid = 0, details = 0, refresh = 0 }
statuses = {}
refreshed = 0
local bySid = {}
local grid, details, tiles = {}, {}, {}
local gridPath
local wTiles, wGrid
local refreshEvery
local cur, scan = 0, 0
local inflightCount = 0

init = function()
  local threadCount = tonumber(os.getenv("LOAD_THREADS"))
  refreshEvery = tonumber(os.getenv("LOAD_REFRESH_SECONDS"))
  math.randomseed(1000 + tid)
  local now = os.time()
  for i, line in ipairs(lines(os.getenv("LOAD_SESSIONS"))) do
    if (i - 1) % threadCount == tid then
      local sid, acc, ref, addr = line:match("^(%S+) (%S+) (%S+) (%S+)$")
      local k = #sids + 1
      sids[k], access[k], refresh[k], address[k] = sid, acc, ref, addr
      -- The first refreshes spread over one period, so they do not all fall in the same second.
      due[k] = now + 1 + math.random(0, refreshEvery - 1)
      bySid[sid] = k
    end
  end
  grid = lines(os.getenv("LOAD_GRID"))
  details = lines(os.getenv("LOAD_DETAILS"))
  tiles = lines(os.getenv("LOAD_TILES"))
  gridPath = os.getenv("LOAD_GRID_PATH")
  local mix = {}
  for w in os.getenv("LOAD_MIX"):gmatch("[^,]+") do mix[#mix + 1] = tonumber(w) end
  local total = mix[1] + mix[2] + mix[3]
  wTiles, wGrid = mix[1] / total, (mix[1] + mix[2]) / total
end

request = function()
  -- One session is looked at per request: its refresh, when due and none of its own is on the way.
  scan = scan % #sids + 1
  if not inflight[scan] and os.time() >= due[scan] then
    local k = scan
    inflight[k] = true
    inflightCount = inflightCount + 1
    due[k] = os.time() + refreshEvery
    sent.refresh = sent.refresh + 1
    return wrk.format("POST", "/v1/auth/refresh", {
      ["Content-Type"] = "application/json",
      ["X-Forwarded-For"] = address[k],
    }, '{"refreshToken":"' .. refresh[k] .. '"}')
  end
  cur = cur % #sids + 1
  local headers = { ["Authorization"] = "Bearer " .. access[cur], ["X-Forwarded-For"] = address[cur] }
  local r = math.random()
  if r < wTiles then
    sent.tiles = sent.tiles + 1
    return wrk.format("GET", tiles[math.random(#tiles)], headers)
  elseif r < wGrid then
    sent.grid = sent.grid + 1
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", gridPath, headers, grid[math.random(#grid)])
  end
  sent.details = sent.details + 1
  return wrk.format("GET", details[math.random(#details)], headers)
end

-- base64url, for the payload of an access token.
local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
local decodeMap = {}
for i = 1, #B64 do decodeMap[B64:byte(i)] = i - 1 end
local function base64url(s)
  local out, bits, n = {}, 0, 0
  for i = 1, #s do
    local v = decodeMap[s:byte(i)]
    if v then
      bits = bits * 64 + v
      n = n + 6
      if n >= 8 then
        n = n - 8
        local byte = math.floor(bits / 2 ^ n)
        out[#out + 1] = string.char(byte)
        bits = bits - byte * 2 ^ n
      end
    end
  end
  return table.concat(out)
end

response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if inflightCount == 0 or status ~= 200 or #body > 4096 then return end
  local acc = body:match('"accessToken":"([^"]+)"')
  local ref = body:match('"refreshToken":"([^"]+)"')
  if not acc or not ref then return end
  local payload = acc:match("^[^.]+%.([^.]+)%.")
  local sid = payload and base64url(payload):match('"sid":"([^"]+)"')
  local k = sid and bySid[sid]
  if not k or not inflight[k] then return end
  access[k], refresh[k] = acc, ref
  inflight[k] = nil
  inflightCount = inflightCount - 1
  refreshed = refreshed + 1
end

done = function(summary, latency, requests)
  local total = { tiles = 0, grid = 0, details = 0, refresh = 0 }
  local byStatus = {}
  local refreshedAll = 0
  for _, t in ipairs(threads) do
    for kind, n in pairs(t:get("sent")) do total[kind] = total[kind] + n end
    for code, n in pairs(t:get("statuses")) do byStatus[tostring(code)] = (byStatus[tostring(code)] or 0) + n end
    refreshedAll = refreshedAll + t:get("refreshed")
  end
  local parts = {}
  for code, n in pairs(byStatus) do parts[#parts + 1] = string.format('"%s":%d', code, n) end
  local e = summary.errors
  io.write(string.format(
    'LOAD {"requests":%d,"durationUs":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
      '"latencyUs":{"mean":%.0f,"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d},' ..
      '"sent":{"tiles":%d,"grid":%d,"details":%d,"refresh":%d},"refreshed":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9), latency.max,
    total.tiles, total.grid, total.details, total.refresh, refreshedAll, table.concat(parts, ",")))
end
