#include "inspect/recognizers/LockNamedKeyRecognizer.h"

#include "inspect/LockNaming.h"

#include <algorithm>
#include <cctype>

namespace lockscope {

namespace {

// As much of a value as a holder shows (the table, the GUI and JSON escape it where they show
// it); the whole value is kept in observedValue / observedContents to compare on release.
constexpr size_t shownBytes = 200;

std::string shown(const std::string& value)
{
    return value.size() <= shownBytes ? value : value.substr(0, shownBytes) + "...";
}

// Whole values only: a value read in part could not be compared when released. (The reads are
// bounded: a string's first 4 KB, a hash's first 1,000 fields, a collection's first 1,000.)
bool isWhole(const RawKey& key)
{
    if (key.truncated)
        return false;
    switch (key.type) {
    case RawKey::Type::String:
        return !key.value.empty();
    case RawKey::Type::Hash:
        return !key.fields.empty();
    case RawKey::Type::List:
    case RawKey::Type::Set:
        return !key.items.empty() && key.size == static_cast<long long>(key.items.size());
    case RawKey::Type::ZSet:
        return !key.members.empty() && key.size == static_cast<long long>(key.members.size());
    case RawKey::Type::Other:
        return false;
    }
    return false;
}

// What kind of value it is, for the reason shown: the evidence is the name and the TTL, the
// value only says what the lock's writer chose to store.
UserText valueKind(std::string_view value)
{
    const bool digits = std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits)
        return UserText(
            LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "a number (a process id, a counter or a time)"));
    const bool number = std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == 'e' || c == 'E' || c == '+';
    });
    if (number)
        return UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "a number"));
    if (value.front() == '{' || value.front() == '[')
        return UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "JSON"));
    const bool printable = std::all_of(value.begin(), value.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7f;
    });
    return printable ? UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "text"))
                     : UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "binary data"));
}

bool nameSaysSemaphore(std::string_view name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("semaphore") != std::string::npos;
}

// A sorted set's score as a permit's expiry, when it reads as a time near now (epoch ms, or
// epoch seconds); other scores (counts, priorities) say nothing of when a holder ends.
std::optional<long long> scoreAsTime(double score, long long nowMs)
{
    constexpr double yearMs = 365.0 * 24 * 3600 * 1000;
    for (double ms : {score, score * 1000}) {
        if (ms > static_cast<double>(nowMs) - yearMs && ms < static_cast<double>(nowMs) + 10 * yearMs)
            return static_cast<long long>(ms);
    }
    return std::nullopt;
}

// One EVAL: acts only if the key still holds exactly what was read (the same type, as many
// fields, members or items, each the same; a sorted set's scores may move, a holder renewing),
// then DEL. Replies {1, 0} released, {0, 0} gone, {-1, 0} changed.
// ARGV: type, count, then the fields and values, members or items.
constexpr std::string_view compareAndDeleteScript = R"LUA(
local t = redis.call('type', KEYS[1])['ok']
if t == 'none' then return {0, 0} end
if t ~= ARGV[1] then return {-1, 0} end
local n = tonumber(ARGV[2])
if t == 'hash' then
  if redis.call('hlen', KEYS[1]) ~= n then return {-1, 0} end
  for i = 1, n do
    if redis.call('hget', KEYS[1], ARGV[1 + 2 * i]) ~= ARGV[2 + 2 * i] then return {-1, 0} end
  end
elseif t == 'set' then
  if redis.call('scard', KEYS[1]) ~= n then return {-1, 0} end
  for i = 3, 2 + n do
    if redis.call('sismember', KEYS[1], ARGV[i]) == 0 then return {-1, 0} end
  end
elseif t == 'zset' then
  if redis.call('zcard', KEYS[1]) ~= n then return {-1, 0} end
  for i = 3, 2 + n do
    if not redis.call('zscore', KEYS[1], ARGV[i]) then return {-1, 0} end
  end
elseif t == 'list' then
  if redis.call('llen', KEYS[1]) ~= n then return {-1, 0} end
  local items = redis.call('lrange', KEYS[1], 0, n - 1)
  for i = 1, n do
    if items[i] ~= ARGV[2 + i] then return {-1, 0} end
  end
else
  return {-1, 0}
end
redis.call('del', KEYS[1])
return {1, 0}
)LUA";

// One permit holder's member removed, if the key is still of its type and holds it. Replies 1
// given back, 0 not there.
constexpr std::string_view removeMemberScript = R"LUA(
local t = redis.call('type', KEYS[1])['ok']
if t ~= ARGV[1] then return 0 end
if t == 'set' then return redis.call('srem', KEYS[1], ARGV[2]) end
return redis.call('zrem', KEYS[1], ARGV[2])
)LUA";

// A hash, set, sorted set or list under a lock name, with a TTL: its holders as its type
// allows, and its whole contents kept to compare on release.
LockSnapshot collectionLock(RecognitionContext& context, const RawKey& key)
{
    std::vector<std::string> contents;
    std::vector<LockHolder> holders;
    UserText reason;
    bool semaphore = false;
    switch (key.type) {
    case RawKey::Type::Hash: {
        contents.push_back("hash");
        std::string fields;
        for (const auto& [field, value] : key.fields) {
            contents.push_back(field);
            contents.push_back(value);
            if (fields.size() <= shownBytes)
                fields += (fields.empty() ? "" : ", ") + field + "=" + value;
        }
        LockHolder holder;
        holder.owner = shown(fields);
        holders.push_back(std::move(holder));
        reason = UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer",
                              "the name says lock and the key has a TTL; a hash of %1 field(s) in no "
                              "format a known library writes: a lock of unknown origin, its fields "
                              "shown as holder"),
            static_cast<long long>(key.fields.size()));
        break;
    }
    case RawKey::Type::Set:
    case RawKey::Type::ZSet: {
        const bool zset = key.type == RawKey::Type::ZSet;
        contents.push_back(zset ? "zset" : "set");
        auto add = [&](const std::string& member, std::optional<long long> expiresAtMs) {
            contents.push_back(member);
            LockHolder holder;
            holder.owner = shown(member);
            holder.expiresAtMs = expiresAtMs;
            holders.push_back(std::move(holder));
        };
        if (zset) {
            for (const auto& [member, score] : key.members)
                add(member, scoreAsTime(score, context.nowMs));
        } else {
            for (const auto& member : key.items)
                add(member, std::nullopt);
        }
        semaphore = holders.size() > 1 || nameSaysSemaphore(key.name);
        reason = UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer",
                              "the name says lock and the key has a TTL; a %1 of %2 member(s) in no "
                              "format a known library writes: a lock of unknown origin, each member "
                              "shown as a holder"),
            zset ? UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "sorted set"))
                 : UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer", "set")),
            static_cast<long long>(holders.size()));
        break;
    }
    default: {
        contents.push_back("list");
        contents.insert(contents.end(), key.items.begin(), key.items.end());
        reason = UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer",
                              "the name says lock and the key has a TTL; a list of %1 item(s) in no "
                              "format a known library writes: a lock of unknown origin (a list's "
                              "items are tokens waiting to be taken, not holders)"),
            static_cast<long long>(key.items.size()));
        break;
    }
    }
    LockSnapshot lock = context.claimLock(
        key, semaphore ? LockKind::Semaphore : LockKind::Token, LockLibrary::Unknown, 0.5, std::move(reason));
    lock.holders = std::move(holders);
    lock.observedContents = std::move(contents);
    return lock;
}

} // namespace

Candidacy LockNamedKeyRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    // The TTL is read only for candidates: the name decides here, recognize() the TTL.
    return isWhole(key) && !LockNaming::isAuxiliaryKey(key.name) && LockNaming::looksLikeLockName(key.name)
        ? Candidacy::Yes
        : Candidacy::No;
}

bool LockNamedKeyRecognizer::readsContents(std::string_view key, RawKey::Type type) const
{
    return (type == RawKey::Type::List || type == RawKey::Type::Set || type == RawKey::Type::ZSet)
        && !LockNaming::isAuxiliaryKey(key) && LockNaming::looksLikeLockName(key);
}

void LockNamedKeyRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) {
        if (!key || !key->ttlMs() || isCandidate(*key, context) == Candidacy::No)
            continue;
        if (key->type == RawKey::Type::String) {
            LockSnapshot lock = context.claimLock(*key, LockKind::Token, LockLibrary::Unknown, 0.5,
                UserText(LOCKSCOPE_TEXT("LockNamedKeyRecognizer",
                             "the name says lock and the key has a TTL; it holds %1, in no format a "
                             "known library writes: a lock of unknown origin, its value shown as holder"),
                    valueKind(key->value)));
            lock.observedValue = key->value;
            LockHolder holder;
            holder.owner = shown(key->value);
            lock.holders.push_back(std::move(holder));
            out.push_back(std::move(lock));
            continue;
        }
        out.push_back(collectionLock(context, *key));
    }
}

std::optional<RedisCommand> LockNamedKeyRecognizer::ownRelease(const LockSnapshot& lock) const
{
    // Only this recogniser keeps observed contents (a string lock is compared by its value).
    const std::vector<std::string>& contents = lock.observedContents;
    if (lock.library != LockLibrary::Unknown || contents.empty() || lock.keys.empty())
        return std::nullopt;
    const size_t perEntry = contents.front() == "hash" ? 2 : 1;
    RedisCommand command {"EVAL", std::string(compareAndDeleteScript), "1", lock.keys.front(),
        contents.front(), std::to_string((contents.size() - 1) / perEntry)};
    command.insert(command.end(), contents.begin() + 1, contents.end());
    return command;
}

std::optional<RedisCommand> LockNamedKeyRecognizer::permitRelease(
    const LockSnapshot& semaphore, const LockHolder& holder) const
{
    const std::vector<std::string>& contents = semaphore.observedContents;
    if (semaphore.library != LockLibrary::Unknown || contents.empty() || semaphore.keys.empty()
        || (contents.front() != "set" && contents.front() != "zset"))
        return std::nullopt;
    // The holder is a member exactly as read; a member shown cut short cannot be named.
    if (std::find(contents.begin() + 1, contents.end(), holder.owner) == contents.end())
        return std::nullopt;
    return RedisCommand {
        "EVAL", std::string(removeMemberScript), "1", semaphore.keys.front(), contents.front(), holder.owner};
}

} // namespace lockscope
