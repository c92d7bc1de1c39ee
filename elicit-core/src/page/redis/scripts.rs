//! The store's Lua scripts, each one atomic step of it (`EVALSHA`, whichever replica runs it).
//!
//! Each may run twice for one step: when its connection broke before its reply came, the store
//! sends it again. Each recognises its own work done and gives the same outcome: a page made is
//! known by its record, an answer by its bytes (both sealed with a random nonce, so no two steps
//! send the same), a value set by the value, and a take, a removal or a claim by the step's own
//! random mark.

use ::redis::Script;

/// The store's scripts, each with its SHA-1 computed once.
#[derive(Clone)]
pub(super) struct Scripts {
    pub(super) create: Script,
    pub(super) answer: Script,
    pub(super) commit: Script,
    pub(super) unanswer: Script,
    pub(super) take: Script,
    pub(super) confirm: Script,
    pub(super) give_back: Script,
    pub(super) close: Script,
    pub(super) replace: Script,
    pub(super) put_owned: Script,
    pub(super) claim: Script,
    pub(super) release: Script,
    pub(super) remove: Script,
}

impl Scripts {
    /// Each script with the common parts it starts with.
    pub(super) fn new() -> Self {
        Scripts {
            create: Script::new(&format!("{COMMON}{CREATE}")),
            answer: Script::new(ANSWER),
            commit: Script::new(COMMIT),
            unanswer: Script::new(UNANSWER),
            take: Script::new(&format!("{COMMON}{TAKE}")),
            confirm: Script::new(&format!("{COMMON}{CONFIRM}")),
            give_back: Script::new(GIVE_BACK),
            close: Script::new(&format!("{COMMON}{CLOSE}")),
            replace: Script::new(REPLACE),
            put_owned: Script::new(PUT_OWNED),
            claim: Script::new(CLAIM),
            release: Script::new(RELEASE),
            remove: Script::new(&format!("{HANDOVER}{REMOVE}")),
        }
    }

    /// Every script.
    #[cfg(test)]
    pub(super) fn all(&self) -> [&Script; 13] {
        [
            &self.create,
            &self.answer,
            &self.commit,
            &self.unanswer,
            &self.take,
            &self.confirm,
            &self.give_back,
            &self.close,
            &self.replace,
            &self.put_owned,
            &self.claim,
            &self.release,
            &self.remove,
        ]
    }
}

/// What the scripts that end pages start with: the common arguments (`ARGV[1]`, the prefix;
/// `ARGV[2]`, the markers an owner keeps; `ARGV[3]`, the page's id), Redis's clock, and
/// `finish`, which ends a page.
///
/// `finish(key, page, how, owner)` ends the page `page` (its key `key`, its owner `owner`, false
/// when unknown) as `how`: drops everything but its stage, keeping the key's expiry; moves it from
/// its owner's open pages to their markers; and deletes the oldest markers past the owner's
/// number of them (a few at a time).
const COMMON: &str = r"
local prefix, markers, id = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local time = redis.call('TIME')
local now_ms = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local now_us = tonumber(time[1]) * 1000000 + tonumber(time[2])

local function finish(key, page, how, owner)
  redis.call('HDEL', key, 'record', 'answer', 'owner', 'open_until', 'replaced', 'made_by',
    'answered_by', 'held_until', 'taker', 'until', 'given_up_by')
  redis.call('HSET', key, 'stage', how)
  if not owner then
    return
  end
  redis.call('ZREM', prefix .. 'owner:' .. owner, page)
  local ended = prefix .. 'ended:' .. owner
  redis.call('ZADD', ended, string.format('%.0f', now_us), page)
  local ttl = redis.call('PTTL', key)
  if ttl > 0 and redis.call('PTTL', ended) < ttl then
    redis.call('PEXPIRE', ended, ttl)
  end
  local over = math.min(redis.call('ZCARD', ended) - markers, 8)
  for _ = 1, over do
    local oldest = redis.call('ZPOPMIN', ended)
    local gone = prefix .. oldest[1]
    local stage = redis.pcall('HGET', gone, 'stage')
    if stage == 'taken' or stage == 'closed' or stage == 'expired' then
      redis.call('DEL', gone)
    end
  end
end
";

/// What `remove` (a value given once) starts with:
/// `hand_over(key, taker, value, ms)` keeps `value` under `key` for `ms` milliseconds for the
/// taker `taker` (the step's random mark) alone, should the step's reply be lost;
/// `handed_back(key, taker)` gives it back when that step comes again, and false to any other.
const HANDOVER: &str = r"
local function hand_over(key, taker, value, ms)
  redis.call('SET', key, taker .. value, 'PX', ms)
end

local function handed_back(key, taker)
  local handed = redis.call('GET', key)
  if handed and string.sub(handed, 1, #taker) == taker then
    return string.sub(handed, #taker + 1)
  end
  return false
end
";

/// `create`: makes the page `KEYS[1]` (id `ARGV[3]`) of the owner `ARGV[9]` (whose open pages
/// are `KEYS[2]`, their markers `KEYS[3]`), for the maker `ARGV[4]` (a random mark), with the
/// record `ARGV[5]`, open `ARGV[6]` and kept `ARGV[7]` milliseconds, within the share `ARGV[8]`. Returns 0 when the id is in use, 2 when
/// the owner's open pages all hold an answer (the share), 1 when it made the page, or the id of
/// the owner's page it closed to make room. Walks the owner's open pages oldest first: those
/// forgotten or ended leave the set, those waiting past their time end as expired, the others are
/// counted. Under the share, only the eight oldest are looked at (nothing to count: the set is
/// shorter than the share), to trim the set as it goes. A keep-time of zero makes a page that is
/// forgotten at once: nothing is written for it. Sent again by its maker, it gives what it gave
/// the first time (the id of the page it closed is kept with the page as `replaced`).
const CREATE: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then
  local made = redis.pcall('HMGET', KEYS[1], 'made_by', 'replaced')
  if type(made) == 'table' and not made.err and made[1] == ARGV[4] then
    return made[2] or 1
  end
  return 0
end
local owner, share, open = ARGV[9], tonumber(ARGV[8]), KEYS[2]
local size = redis.call('ZCARD', open)
local walk = size
if size < share then
  walk = math.min(size, 8)
end
local counted, oldest = 0, false
if walk > 0 then
  for _, page in ipairs(redis.call('ZRANGE', open, 0, walk - 1)) do
    local key = prefix .. page
    local fields = redis.pcall('HMGET', key, 'stage', 'owner', 'open_until')
    if type(fields) ~= 'table' or fields.err or fields[2] ~= owner then
      redis.call('ZREM', open, page)
    elseif (fields[1] == 'answered' or fields[1] == 'handing')
        and now_ms < (tonumber(fields[3]) or 0) then
      counted = counted + 1
    elseif fields[1] == 'waiting' and now_ms < (tonumber(fields[3]) or 0) then
      counted = counted + 1
      oldest = oldest or page
    elseif fields[1] == 'waiting' then
      finish(key, page, 'expired', owner)
    else
      -- Ended, or answered past its time: it counts no more (an answer stays for a late take).
      redis.call('ZREM', open, page)
    end
  end
end
local replaced = false
if counted >= share then
  if not oldest then
    return 2
  end
  finish(prefix .. oldest, oldest, 'closed', owner)
  replaced = oldest
end
if ARGV[7] ~= '0' then
  local open_until = string.format('%.0f', now_ms + tonumber(ARGV[6]))
  redis.call('HSET', KEYS[1], 'stage', 'waiting', 'record', ARGV[5], 'owner', owner,
    'open_until', open_until, 'made_by', ARGV[4])
  if replaced then
    redis.call('HSET', KEYS[1], 'replaced', replaced)
  end
  redis.call('PEXPIRE', KEYS[1], ARGV[7])
  local score = now_us
  local last = redis.call('ZRANGE', open, -1, -1, 'WITHSCORES')
  if last[2] and tonumber(last[2]) >= score then
    score = tonumber(last[2]) + 1
  end
  redis.call('ZADD', open, string.format('%.0f', score), id)
  if redis.call('PTTL', open) < tonumber(ARGV[7]) then
    redis.call('PEXPIRE', open, ARGV[7])
  end
end
if replaced then
  return replaced
end
return 1
";

/// `answer`: gives the page `KEYS[1]` the answer `ARGV[1]` if it waits for one, for the answerer
/// `ARGV[2]` (a random mark), held for `ARGV[3]` milliseconds: a held answer is not taken (a take
/// finds the page waiting), and another answer replaces it, until `commit` lets it go (once the
/// replicas acknowledged it) or its time ends; `unanswer` takes it back (they did not). The
/// page's expiry stays. Returns 2 when this call answered (also when it is sent again), 1 when
/// the page had another answer already or has ended, 0 for no page, -1 for a hash that is not a
/// page's.
const ANSWER: &str = r"
local time = redis.call('TIME')
local now_ms = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local fields = redis.call('HMGET', KEYS[1], 'stage', 'answered_by', 'held_until')
local stage = fields[1]
if not stage then
  return 0
end
if stage == 'answered' and fields[2] == ARGV[2] then
  return 2
end
local held = stage == 'answered' and fields[3] and now_ms < tonumber(fields[3])
if stage == 'waiting' or held then
  redis.call('HSET', KEYS[1], 'stage', 'answered', 'answer', ARGV[1], 'answered_by', ARGV[2],
    'held_until', string.format('%.0f', now_ms + tonumber(ARGV[3])))
  return 2
end
if stage == 'answered' or stage == 'handing' or stage == 'taken' or stage == 'closed'
    or stage == 'expired' then
  return 1
end
return -1
";

/// `commit`: lets the answer of the answerer `ARGV[1]` on the page `KEYS[1]` be taken (its
/// replicas acknowledged it). Returns 1 when the page holds that answer, 0 when another answer
/// replaced it (or the page ended).
const COMMIT: &str = r"
local fields = redis.call('HMGET', KEYS[1], 'stage', 'answered_by')
if (fields[1] == 'answered' or fields[1] == 'handing') and fields[2] == ARGV[1] then
  redis.call('HDEL', KEYS[1], 'held_until')
  return 1
end
return 0
";

/// `unanswer` (with the common arguments first): takes back the answer of the answerer
/// `ARGV[4]` on the page `KEYS[1]` while it is held (the person was told it is not kept): the page waits again. Returns 1 when it did.
const UNANSWER: &str = r"
local fields = redis.call('HMGET', KEYS[1], 'stage', 'answered_by', 'held_until')
if fields[1] == 'answered' and fields[2] == ARGV[4] and fields[3] then
  redis.call('HSET', KEYS[1], 'stage', 'waiting')
  redis.call('HDEL', KEYS[1], 'answer', 'answered_by', 'held_until')
  return 1
end
return 0
";

/// `take`: hands the answer of the page `KEYS[1]` to the taker `ARGV[4]` (a random mark) for
/// `ARGV[5]` milliseconds (the page `handing`, its answer kept), until `confirm` ends the page
/// (the taker has it) or `give_back` returns it (the taker's call failed). Sent again by the same
/// taker, it gives the same answer; once the time is up, another taker may have it (the first
/// is gone). Returns the answer, or 0 for no page, 1 when the page waits (or its answer is held,
/// or given up by this taker), 2, 3 or 4 when it has ended (taken, closed, expired), 5 while its
/// answer is handed to another taker, -1 for a hash that is not a page's.
const TAKE: &str = r"
local fields = redis.call('HMGET', KEYS[1], 'stage', 'answer', 'held_until', 'taker', 'until',
  'given_up_by')
local stage, answer, taker = fields[1], fields[2], ARGV[4]
if not stage then
  return 0
end
if stage == 'waiting' then
  return 1
end
local function hand()
  redis.call('HSET', KEYS[1], 'stage', 'handing', 'taker', taker, 'until',
    string.format('%.0f', now_ms + tonumber(ARGV[5])))
  redis.call('HDEL', KEYS[1], 'given_up_by')
  return answer
end
if stage == 'answered' and answer then
  if (fields[3] and now_ms < tonumber(fields[3])) or fields[6] == taker then
    return 1
  end
  return hand()
end
if stage == 'handing' and answer then
  if fields[4] == taker or now_ms >= (tonumber(fields[5]) or 0) then
    return hand()
  end
  return 5
end
if stage == 'taken' then
  return 2
end
if stage == 'closed' then
  return 3
end
if stage == 'expired' then
  return 4
end
return -1
";

/// `confirm`: ends the page `KEYS[1]` as taken, its answer handed to the taker `ARGV[4]` (its
/// record and answer deleted, its marker kept until its expiry). Returns 1 when the page is
/// taken, 0 when another taker has it now.
const CONFIRM: &str = r"
local fields = redis.call('HMGET', KEYS[1], 'stage', 'owner', 'taker')
if fields[1] == 'handing' and fields[3] == ARGV[4] then
  finish(KEYS[1], id, 'taken', fields[2])
  return 1
end
if fields[1] == 'taken' then
  return 1
end
return 0
";

/// `give_back` (with the common arguments first): the call of the taker `ARGV[4]` failed (its reply lost, late, or not
/// acknowledged): the answer handed to it is the page `KEYS[1]`'s again, for the call made again;
/// and a take of this taker's that has not run yet does nothing when it runs. Returns 1 when it
/// gave the answer back, 2 when the take had not run, 0 otherwise.
const GIVE_BACK: &str = r"
local fields = redis.call('HMGET', KEYS[1], 'stage', 'taker')
if fields[1] == 'handing' and fields[2] == ARGV[4] then
  redis.call('HSET', KEYS[1], 'stage', 'answered')
  redis.call('HDEL', KEYS[1], 'taker', 'until')
  return 1
end
if fields[1] == 'answered' then
  redis.call('HSET', KEYS[1], 'given_up_by', ARGV[4])
  return 2
end
return 0
";

/// `close`: ends the page `KEYS[1]` as closed if it is open (waiting, answered or its answer
/// being handed), its record and
/// any answer deleted. Returns 1 when it closed the page, 0 otherwise.
const CLOSE: &str = r"
local fields = redis.call('HMGET', KEYS[1], 'stage', 'owner')
if fields[1] == 'waiting' or fields[1] == 'answered' or fields[1] == 'handing' then
  finish(KEYS[1], id, 'closed', fields[2])
  return 1
end
return 0
";

/// `replace` (a kept value's compare-and-swap): if `KEYS[1]` holds `ARGV[2]` (`ARGV[1]` is `1`),
/// or nothing (`ARGV[1]` is `0`), sets it to `ARGV[4]` (`ARGV[3]` is `1`; kept `ARGV[5]`
/// milliseconds, `0` for no expiry) or deletes it (`ARGV[3]` is `0`). Returns 1 when it did, 0
/// when the value was another. Sent again after it set its value, it finds that value there
/// and returns 1.
const REPLACE: &str = r"
local current = redis.call('GET', KEYS[1])
local expected
if ARGV[1] == '1' then
  expected = current == ARGV[2]
else
  expected = not current
end
if not expected then
  if ARGV[3] == '1' and current == ARGV[4] then
    return 1
  end
  return 0
end
if ARGV[3] == '1' then
  if ARGV[5] ~= '0' then
    redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
  else
    redis.call('SET', KEYS[1], ARGV[4])
  end
else
  redis.call('DEL', KEYS[1])
end
return 1
";

/// `put_owned`: keeps `ARGV[1]` under `KEYS[1]` (the name `ARGV[4]`) for `ARGV[2]` milliseconds,
/// as one of the values of the owner whose sorted set is `KEYS[2]` (names, oldest first; its
/// expiry the longest of its values'), at most `ARGV[3]` of them: names whose value is gone leave
/// the set, and the oldest past the share are deleted (their keys `ARGV[5]` and the name).
/// Returns how many it deleted. The set is at most the share long, so the work is bounded by it.
const PUT_OWNED: &str = r"
local set, share, prefix = KEYS[2], tonumber(ARGV[3]), ARGV[5]
for _, name in ipairs(redis.call('ZRANGE', set, 0, -1)) do
  if name == ARGV[4] or redis.call('EXISTS', prefix .. name) == 0 then
    redis.call('ZREM', set, name)
  end
end
local removed = 0
while redis.call('ZCARD', set) >= share do
  local oldest = redis.call('ZPOPMIN', set)
  redis.call('DEL', prefix .. oldest[1])
  removed = removed + 1
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local time = redis.call('TIME')
local score = tonumber(time[1]) * 1000000 + tonumber(time[2])
local last = redis.call('ZRANGE', set, -1, -1, 'WITHSCORES')
if last[2] and tonumber(last[2]) >= score then
  score = tonumber(last[2]) + 1
end
redis.call('ZADD', set, string.format('%.0f', score), ARGV[4])
if redis.call('PTTL', set) < tonumber(ARGV[2]) then
  redis.call('PEXPIRE', set, ARGV[2])
end
return removed
";

/// `claim`: keeps the claimant's random mark `ARGV[1]` under `KEYS[1]` for `ARGV[2]`
/// milliseconds if nothing is kept there. Returns 1 for the claimant (also when its claim is
/// sent again), 0 when another holds it or a value is kept.
const CLAIM: &str = r"
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 1
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return 1
end
return 0
";

/// `release`: deletes the claim `KEYS[1]` if the claimant `ARGV[1]` holds it. Returns 1 when it
/// did, 0 otherwise.
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
";

/// `remove`: gives the value under `KEYS[1]` and deletes it, for the taker `ARGV[1]` (a random
/// mark): the value stays under `KEYS[2]` for `ARGV[2]` milliseconds, for this taker only,
/// should its reply be lost and the removal sent again. Returns the value, or nil.
const REMOVE: &str = r"
local value = redis.call('GET', KEYS[1])
if value then
  redis.call('DEL', KEYS[1])
  hand_over(KEYS[2], ARGV[1], value, ARGV[2])
  return value
end
return handed_back(KEYS[2], ARGV[1])
";
