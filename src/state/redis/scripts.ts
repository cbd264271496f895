import type { Redis, RedisOptions } from "ioredis";
import type { ClaimResult } from "../ports.ts";

/**
 * The Lua scripts behind the operations that must be atomic across instances. Redis runs each
 * script alone, so read-then-write is safe. Times come from the Redis server (`TIME`), the one
 * clock every instance shares.
 */

const serverMs = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** A budget per fixed window: spend(counter key, cost, limit, windowMs) → {granted 0/1, used, resetInMs}. */
const spendFunction = `
local function spend(key, cost, limit, window)
  local used = tonumber(redis.call('GET', key) or '0')
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then used = 0; ttl = tonumber(window) end
  cost = tonumber(cost)
  if used + cost > tonumber(limit) then return {0, used, ttl} end
  if used == 0 then redis.call('SET', key, cost, 'PX', ttl) else redis.call('INCRBY', key, cost) end
  return {1, used + cost, ttl}
end`;

/** KEYS[1] counter; ARGV cost, limit, windowMs → {granted 0/1, used, resetInMs} */
export const SPEND = `${spendFunction}
return spend(KEYS[1], ARGV[1], ARGV[2], ARGV[3])`;

/** KEYS[1] sorted set of grant times; ARGV limit, windowMs, unique member → {granted 0/1, retryInMs} */
export const TAKE = `
${serverMs}
local window = tonumber(ARGV[2]); local limit = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return {0, math.max(1, tonumber(blocking[2]) + window - now)}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}`;

/**
 * claim(key, owner, ttlMs, prefix of heartbeat keys, minimum age before takeover (ms)) →
 * 'claimed' | 'done' | 'busy'. A claim is `p:<owner>:<claimed at>` (an older version wrote
 * `p:<owner>`, as old as can be): another takes it over only when its owner is not alive and it
 * is old enough for the owner to have beaten since.
 */
const claimFunction = `
local function claim(key, owner, ttl, alive_prefix, min_age)
  ${serverMs}
  local value = redis.call('GET', key)
  if value == 'done' then return 'done' end
  if value then
    local holder, since = string.match(value, '^p:(.-):(%d+)$')
    if not holder then holder = string.sub(value, 3); since = '0' end
    if holder == owner or redis.call('EXISTS', alive_prefix .. holder) == 1 then return 'busy' end
    if now - tonumber(since) < tonumber(min_age) then return 'busy' end
  end
  redis.call('SET', key, 'p:' .. owner .. ':' .. now, 'PX', ttl)
  return 'claimed'
end`;

/** KEYS[1] claim; ARGV owner, ttlMs, prefix of heartbeat keys, minimum age before takeover (ms) → 'claimed' | 'done' | 'busy'. */
export const CLAIM = `${claimFunction}
return claim(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4])`;

/**
 * KEYS[1] claim, KEYS[2] counter; ARGV as CLAIM's, then cost, limit, windowMs → {verdict} when the
 * claim is not taken, {'claimed', granted 0/1, used, resetInMs} when it is: the spend only then.
 */
export const CLAIM_AND_SPEND = `${claimFunction}
${spendFunction}
local verdict = claim(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4])
if verdict ~= 'claimed' then return {verdict} end
local spent = spend(KEYS[2], ARGV[5], ARGV[6], ARGV[7])
return {verdict, spent[1], spent[2], spent[3]}`;

/** KEYS[1] claim; ARGV owner → deletes the claim only while this owner holds it. */
export const RELEASE_CLAIM = `
local value = redis.call('GET', KEYS[1])
if value == 'p:' .. ARGV[1] or (value and string.sub(value, 1, string.len(ARGV[1]) + 3) == 'p:' .. ARGV[1] .. ':') then return redis.call('DEL', KEYS[1]) end
return 0`;

/** KEYS[1] marker; ARGV value, ttlMs → 1 when it was there (renewed), 0 when it had to be written. */
export const KEEP_MARKER = `
local kept = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return kept`;

/** KEYS[1]; ARGV expected value → deletes only when the value is still the expected one. */
export const DELETE_IF = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** KEYS[1] lease; ARGV owner, ttlMs → 1 when the owner holds it (taken or extended), 0 otherwise. */
export const ACQUIRE = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** KEYS[1]; ARGV expected ('' with ARGV[4]=0 when expected absent), next, ttlMs, expectedPresent, remove (1: delete instead) → 1 when swapped. */
export const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[4] == '1' then
  if current ~= ARGV[1] then return 0 end
elseif current then
  return 0
end
if ARGV[5] == '1' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/** KEYS[1] schedule; ARGV member, dueAt, ttlMs → ZADD that only ever moves a member earlier; the schedule's life renewed. */
export const ADVANCE = `
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local current = redis.call('ZSCORE', KEYS[1], ARGV[1])
if current and tonumber(current) <= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** KEYS[1] schedule; ARGV now, limit, leaseMs → the members taken (each now due at now + lease). */
export const CLAIM_DUE = `
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local lease_end = tonumber(ARGV[1]) + tonumber(ARGV[3])
for _, member in ipairs(members) do redis.call('ZADD', KEYS[1], lease_end, member) end
return members`;

/**
 * KEYS[1] a collection's hash, KEYS[2] its revision; ARGV id, expected ('' with ARGV[3]=0 when
 * expected absent), next, expectedPresent, remove (1: delete), the next revision (random) → 1 when
 * swapped (the revision moved on). The revision is a random integer: an older version's INCR still works on it.
 */
export const RECORD_COMPARE_AND_SET = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if ARGV[4] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
if ARGV[5] == '1' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
redis.call('SET', KEYS[2], ARGV[6])
return 1`;

/**
 * KEYS[1] a tally (hash); ARGV ttlMs, most fields (0: no bound), overflow field, then field and
 * count pairs → adds each count; a field new to a full tally is counted under the overflow field.
 */
export const TALLY_ADD = `
local limit = tonumber(ARGV[2])
for i = 4, #ARGV, 2 do
  local field = ARGV[i]
  if limit > 0 and redis.call('HEXISTS', KEYS[1], field) == 0 and redis.call('HLEN', KEYS[1]) >= limit then field = ARGV[3] end
  redis.call('HINCRBY', KEYS[1], field, ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/** KEYS[1] alive index (sorted set: instance → lapses at); ARGV instance, ttlMs → this instance marked, the lapsed dropped. */
export const MARK_ALIVE = `
${serverMs}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** KEYS[1] alive index → how many instances have not lapsed. */
export const COUNT_ALIVE = `
${serverMs}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

/**
 * KEYS[1] the sequence, KEYS[2] the entries by time (sorted set), KEYS[3] the entries (hash),
 * KEYS[4] the payment's entries, KEYS[5] the person's, KEYS[6] the payment's latest status; ARGV
 * at, status ('' none), only if changed (1), data, retentionMs, with a person (1), how many old
 * entries to trim at most → 1 appended, 0 dropped as unchanged. Every key lives as long as the
 * retention after its last append; what is older than the retention is trimmed as it goes.
 */
export const JOURNAL_APPEND = `
local at = tonumber(ARGV[1]); local keep = tonumber(ARGV[5])
if ARGV[3] == '1' and (ARGV[2] == '' or redis.call('GET', KEYS[6]) == ARGV[2]) then return 0 end
local member = string.format('%016d', redis.call('INCR', KEYS[1]))
redis.call('HSET', KEYS[3], member, ARGV[4])
redis.call('ZADD', KEYS[2], at, member)
redis.call('ZADD', KEYS[4], at, member)
if ARGV[6] == '1' then redis.call('ZADD', KEYS[5], at, member) end
if ARGV[2] ~= '' then redis.call('SET', KEYS[6], ARGV[2], 'PX', keep) end
local cutoff = '(' .. (at - keep)
local old = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', cutoff, 'LIMIT', 0, tonumber(ARGV[7]))
if #old > 0 then
  redis.call('HDEL', KEYS[3], unpack(old))
  redis.call('ZREM', KEYS[2], unpack(old))
end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', cutoff)
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], keep) end
if ARGV[6] == '1' then
  redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', cutoff)
  redis.call('PEXPIRE', KEYS[5], keep)
end
return 1`;

/**
 * KEYS[1] an index (sorted set by time), KEYS[2] the entries (hash); ARGV 'asc' or 'desc', the
 * lowest and highest score, the cursor's time ('' for the first page) and member, how many →
 * member, score, data, … An entry its index still names but that was trimmed is passed over.
 */
export const JOURNAL_PAGE = `
local asc = ARGV[1] == 'asc'; local limit = tonumber(ARGV[6])
local lo, hi = ARGV[2], ARGV[3]
if ARGV[4] ~= '' then if asc then lo = ARGV[4] else hi = ARGV[4] end end
local cursorAt = ARGV[4] ~= '' and tonumber(ARGV[4]) or nil
local out = {}; local offset = 0; local found = 0
while found < limit do
  -- Only as many as the page still lacks: the cursor's own entry, passed over, costs a batch of one more.
  local batch
  if asc then batch = redis.call('ZRANGEBYSCORE', KEYS[1], lo, hi, 'WITHSCORES', 'LIMIT', offset, limit - found)
  else batch = redis.call('ZREVRANGEBYSCORE', KEYS[1], hi, lo, 'WITHSCORES', 'LIMIT', offset, limit - found) end
  if #batch == 0 then break end
  offset = offset + #batch / 2
  local members, scores = {}, {}
  for i = 1, #batch, 2 do
    local member, score = batch[i], batch[i + 1]
    local passed = false
    if cursorAt and tonumber(score) == cursorAt then
      if asc then passed = member <= ARGV[5] else passed = member >= ARGV[5] end
    end
    if not passed then members[#members + 1] = member; scores[#scores + 1] = score end
  end
  -- An HMGET for up to 1,000 entries at once, not an HGET each (unpack's stack holds a few thousand).
  for from = 1, #members, 1000 do
    local to = math.min(from + 999, #members)
    local data = redis.call('HMGET', KEYS[2], unpack(members, from, to))
    for j = from, to do
      local text = data[j - from + 1]
      if text and found < limit then
        out[#out + 1] = members[j]; out[#out + 1] = scores[j]; out[#out + 1] = text; found = found + 1
      end
    end
  end
end
return out`;

/** KEYS[1] the entries by time, KEYS[2] the entries; ARGV before, limit → how many entries older than `before` went. */
export const JOURNAL_TRIM = `
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
if #old == 0 then return 0 end
redis.call('HDEL', KEYS[2], unpack(old))
redis.call('ZREM', KEYS[1], unpack(old))
return #old`;

/** The journal's scripts, as the client knows them. */
export type JournalScripted = {
  journalAppend(seq: string, byTime: string, entries: string, byPayment: string, byPerson: string, latest: string, ...args: (string | number)[]): Promise<number>;
  journalPage(index: string, entries: string, ...args: (string | number)[]): Promise<string[]>;
  journalTrim(byTime: string, entries: string, before: number, limit: number): Promise<number>;
};


export type Scripted = Redis & {
  spend(key: string, cost: number, limit: number, windowMs: number): Promise<[number, number, number]>;
  take(key: string, limit: number, windowMs: number, member: string): Promise<[number, number]>;
  claim(key: string, owner: string, ttlMs: number, alivePrefix: string, minAgeMs: number): Promise<ClaimResult>;
  claimAndSpend(claimKey: string, counterKey: string, owner: string, ttlMs: number, alivePrefix: string, minAgeMs: number, cost: number, limit: number, windowMs: number): Promise<[ClaimResult, number?, number?, number?]>;
  releaseClaim(key: string, owner: string): Promise<number>;
  keepMarker(key: string, value: string, ttlMs: number): Promise<number>;
  recordCompareAndSet(key: string, revisionKey: string, id: string, expected: string, next: string, expectedPresent: 0 | 1, remove: 0 | 1, nextRevision: string): Promise<number>;
  deleteIf(key: string, expected: string): Promise<number>;
  acquire(key: string, owner: string, ttlMs: number): Promise<number>;
  compareAndSet(key: string, expected: string, next: string, ttlMs: number, expectedPresent: 0 | 1, remove: 0 | 1): Promise<number>;
  advance(key: string, member: string, dueAt: number, ttlMs: number): Promise<number>;
  claimDue(key: string, now: number, limit: number, leaseMs: number): Promise<string[]>;
  markAlive(key: string, instanceId: string, ttlMs: number): Promise<number>;
  countAlive(key: string): Promise<number>;
} & JournalScripted;

/** Every script, known to both connections (ioredis loads each on first use). */
export const SCRIPTS: NonNullable<RedisOptions["scripts"]> = {
  spend: { numberOfKeys: 1, lua: SPEND },
  take: { numberOfKeys: 1, lua: TAKE },
  claim: { numberOfKeys: 1, lua: CLAIM },
  claimAndSpend: { numberOfKeys: 2, lua: CLAIM_AND_SPEND },
  deleteIf: { numberOfKeys: 1, lua: DELETE_IF },
  releaseClaim: { numberOfKeys: 1, lua: RELEASE_CLAIM },
  keepMarker: { numberOfKeys: 1, lua: KEEP_MARKER },
  recordCompareAndSet: { numberOfKeys: 2, lua: RECORD_COMPARE_AND_SET },
  acquire: { numberOfKeys: 1, lua: ACQUIRE },
  compareAndSet: { numberOfKeys: 1, lua: COMPARE_AND_SET },
  advance: { numberOfKeys: 1, lua: ADVANCE },
  claimDue: { numberOfKeys: 1, lua: CLAIM_DUE },
  tallyAdd: { numberOfKeys: 1, lua: TALLY_ADD },
  markAlive: { numberOfKeys: 1, lua: MARK_ALIVE },
  countAlive: { numberOfKeys: 1, lua: COUNT_ALIVE },
  journalAppend: { numberOfKeys: 6, lua: JOURNAL_APPEND },
  journalPage: { numberOfKeys: 2, lua: JOURNAL_PAGE },
  journalTrim: { numberOfKeys: 2, lua: JOURNAL_TRIM },
};

/** A pipeline knows the scripts too (ioredis adds them to it). */
export type ScriptedPipeline = ReturnType<Redis["pipeline"]> & {
  tallyAdd(key: string, ...args: (string | number)[]): ScriptedPipeline;
};
