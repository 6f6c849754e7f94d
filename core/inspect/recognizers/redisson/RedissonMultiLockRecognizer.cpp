#include "inspect/recognizers/redisson/RedissonMultiLockRecognizer.h"

#include "inspect/recognizers/redisson/RedissonHolderField.h"
#include "inspect/recognizers/redisson/RedissonLockRecognizer.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace lockscope {

namespace {

constexpr std::string_view expireSuffix = ":expire_time";
constexpr std::string_view countSuffix = ":lock_count";

struct Part
{
    std::string holder; // <uuid>:<threadId>
    std::optional<long long> expiresAtMs;
    std::optional<long long> count;
};

std::optional<long long> positive(const std::string& text)
{
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::strtoll(text.c_str(), nullptr, 10);
}

// The values of a multi-lock hash and their holders, or an empty map when the hash is not one:
// every field must be a value, or that value's expire_time or lock_count, and every value have both.
std::map<std::string, Part> partsOf(const RawKey& key)
{
    if (key.type != RawKey::Type::Hash || key.truncated || key.fields.size() < 3
        || key.fields.size() % 3 != 0)
        return {};
    std::map<std::string, Part> parts;
    for (const auto& [field, value] : key.fields) {
        if (!field.ends_with(expireSuffix) && !field.ends_with(countSuffix)) {
            if (!RedissonHolderField::isHolderId(value))
                return {};
            parts[field].holder = value;
        }
    }
    if (parts.empty() || parts.size() * 3 != key.fields.size())
        return {};
    for (auto& [resource, part] : parts) {
        const std::string stem = resource + ":" + part.holder;
        const std::string* expire = key.field(stem + std::string(expireSuffix));
        const std::string* count = key.field(stem + std::string(countSuffix));
        if (!expire || !count)
            return {};
        part.expiresAtMs = positive(*expire);
        part.count = positive(*count);
        if (!part.expiresAtMs || !part.count)
            return {};
    }
    return parts;
}

// KEYS[1]: the group; ARGV: the field count, the channel, then per value: value, holder, count.
const char* const releaseScript = R"LUA(
local t = redis.call('type', KEYS[1])['ok']
if t == 'none' then return {0, 0} end
if t ~= 'hash' or redis.call('hlen', KEYS[1]) ~= tonumber(ARGV[1]) then return {-1, 0} end
for i = 3, #ARGV, 3 do
  if redis.call('hget', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then return {-1, 0} end
  if redis.call('hget', KEYS[1], ARGV[i] .. ':' .. ARGV[i + 1] .. ':lock_count') ~= ARGV[i + 2] then
    return {-1, 0}
  end
end
redis.call('del', KEYS[1])
local notified = redis.call('publish', ARGV[2], '0')
local sharded = redis.pcall('spublish', ARGV[2], '0')
if type(sharded) == 'number' then notified = notified + sharded end
return {1, notified}
)LUA";

} // namespace

Candidacy RedissonMultiLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return partsOf(key).empty() ? Candidacy::No : Candidacy::Yes;
}

void RedissonMultiLockRecognizer::channels(const RawKey& key, std::vector<std::string>& names) const
{
    names.push_back(RedissonLockRecognizer::channelFor(key.name));
}

void RedissonMultiLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) { // isCandidate: the same test
        const auto parts = partsOf(*key);
        if (parts.empty())
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::Reentrant, LockLibrary::Redisson, 0.9,
            UserText(LOCKSCOPE_TEXT("RedissonMultiLockRecognizer",
                "a hash of <value> -> <uuid>:<thread> with expire_time and lock_count per value: a Redisson "
                "getMultiLock group")));
        for (const auto& [resource, part] : parts) {
            auto holder = RedissonHolderField::parse(part.holder, std::to_string(*part.count));
            LockHolder shown = holder ? holder->toHolder(HolderMode::Exclusive) : LockHolder {};
            shown.owner = part.holder;
            shown.count = *part.count;
            shown.expiresAtMs = part.expiresAtMs;
            shown.resource = resource;
            lock.holders.push_back(std::move(shown));
        }
        lock.notes.push_back(UserText(LOCKSCOPE_TEXT("RedissonMultiLockRecognizer",
                                          "one lock over %1 value(s) of the group, each with its holder"),
            static_cast<long long>(parts.size())));
        lock.waiterCount = context.subscribers(RedissonLockRecognizer::channelFor(key->name));
        out.push_back(std::move(lock));
    }
}

std::optional<RedisCommand> RedissonMultiLockRecognizer::ownRelease(const LockSnapshot& lock) const
{
    const bool multi = lock.library == LockLibrary::Redisson && !lock.holders.empty()
        && std::all_of(lock.holders.begin(), lock.holders.end(),
            [](const LockHolder& holder) { return !holder.resource.empty(); });
    if (!multi)
        return std::nullopt;
    RedisCommand command {"EVAL", releaseScript, "1", lock.name, std::to_string(lock.holders.size() * 3),
        RedissonLockRecognizer::channelFor(lock.name)};
    for (const auto& holder : lock.holders) {
        command.push_back(holder.resource);
        command.push_back(holder.owner);
        command.push_back(std::to_string(holder.count));
    }
    return command;
}

} // namespace lockscope
