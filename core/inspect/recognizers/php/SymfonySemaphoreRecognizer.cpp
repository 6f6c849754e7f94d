#include "inspect/recognizers/php/SymfonySemaphoreRecognizer.h"

#include "inspect/recognizers/TokenShape.h"
#include "inspect/scan/ScoreMillis.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace lockscope {

namespace {

constexpr std::string_view weightSuffix = "}:weight";
constexpr std::string_view timeSuffix = "}:time";

std::string weightKey(std::string_view name)
{
    return "{" + std::string(name) + std::string(weightSuffix);
}

std::string timeKey(std::string_view name)
{
    return "{" + std::string(name) + std::string(timeSuffix);
}

std::optional<std::string> semaphoreName(std::string_view key)
{
    for (std::string_view suffix : {weightSuffix, timeSuffix}) {
        if (key.size() > suffix.size() + 1 && key.front() == '{' && key.ends_with(suffix))
            return std::string(key.substr(1, key.size() - suffix.size() - 1));
    }
    return std::nullopt;
}

bool holdsTokens(const RawKey& key)
{
    return key.type == RawKey::Type::ZSet && !key.members.empty()
        && std::all_of(key.members.begin(), key.members.end(), [](const auto& member) {
               return TokenShape::isSymfonyToken(member.first) && std::isfinite(member.second);
           });
}

const char* const releaseScript = R"LUA(
if not redis.call('zscore', KEYS[1], ARGV[1]) then return 0 end
redis.call('zrem', KEYS[1], ARGV[1])
redis.call('zrem', KEYS[2], ARGV[1])
return 1
)LUA";

} // namespace

Candidacy SymfonySemaphoreRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return semaphoreName(key.name) && holdsTokens(key) ? Candidacy::Yes : Candidacy::No;
}

std::optional<std::string> SymfonySemaphoreRecognizer::lockNameOf(std::string_view key) const
{
    return semaphoreName(key);
}

void SymfonySemaphoreRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    keys.push_back(weightKey(lockName));
    keys.push_back(timeKey(lockName));
}

void SymfonySemaphoreRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    std::set<std::string> names;
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        if (auto name = semaphoreName(key->name); name && holdsTokens(*key))
            names.insert(*name);
    }
    for (const auto& name : names) {
        const RawKey* weights = context.keys->find(weightKey(name));
        const RawKey* times = context.keys->find(timeKey(name));
        if (!weights || !holdsTokens(*weights) || context.keys->isClaimed(weights->name))
            continue;
        LockSnapshot lock = context.claimLock(*weights, LockKind::Semaphore, LockLibrary::SymfonySemaphore,
            0.9,
            UserText(LOCKSCOPE_TEXT("SymfonySemaphoreRecognizer",
                "{name}:weight and {name}:time sorted sets of 44-character tokens: a Symfony Semaphore")));
        lock.name = name;
        if (times && times->type == RawKey::Type::ZSet && !context.keys->isClaimed(times->name)) {
            context.keys->claim(times->name);
            lock.keys.push_back(times->name);
        }
        long long permits = 0;
        for (const auto& [token, weight] : weights->members) {
            LockHolder holder;
            holder.owner = token;
            holder.mode = "permit";
            // A weight is a small whole number; anything else (a fraction, 1e300, inf) counts as one.
            holder.count = std::clamp(scoreMillis(weight).value_or(1), 1LL, 1'000'000LL);
            permits += holder.count;
            if (times) {
                const std::string& owner = holder.owner;
                auto expiry = std::find_if(times->members.begin(), times->members.end(),
                    [&owner](const auto& member) { return member.first == owner; });
                if (expiry != times->members.end() && std::isfinite(expiry->second))
                    holder.expiresAtMs = scoreMillis(expiry->second * 1000);
            }
            lock.holders.push_back(std::move(holder));
        }
        lock.notes.push_back(UserText(LOCKSCOPE_TEXT("SymfonySemaphoreRecognizer",
                                          "%1 permit(s) held; the limit lives in the clients, not in Redis"),
            permits));
        out.push_back(std::move(lock));
    }
}

std::optional<RedisCommand> SymfonySemaphoreRecognizer::permitRelease(
    const LockSnapshot& semaphore, const LockHolder& holder) const
{
    if (semaphore.library != LockLibrary::SymfonySemaphore)
        return std::nullopt;
    return RedisCommand {
        "EVAL", releaseScript, "2", weightKey(semaphore.name), timeKey(semaphore.name), holder.owner};
}

} // namespace lockscope
