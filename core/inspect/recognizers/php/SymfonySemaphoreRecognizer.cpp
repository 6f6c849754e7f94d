#include "inspect/recognizers/php/SymfonySemaphoreRecognizer.h"

#include "inspect/recognizers/PermitHolder.h"
#include "inspect/recognizers/TokenShape.h"
#include "inspect/scan/ScoreMillis.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace lockscope {

namespace {

// A semaphore `x` is the sorted sets `{x}:weight` and `{x}:time`.
constexpr FamilyKeyShape weightSet {"{", "}:weight"};
constexpr FamilyKeyShape timeSet {"{", "}:time"};

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

SymfonySemaphoreRecognizer::SymfonySemaphoreRecognizer()
    : KeyFamilyRecognizer(RawKey::Type::ZSet, {weightSet, timeSet})
{
}

Candidacy SymfonySemaphoreRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return lockNameOf(key.name) && holdsTokens(key) ? Candidacy::Yes : Candidacy::No;
}

void SymfonySemaphoreRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    std::set<std::string> names;
    for (const RawKey* key : context.unclaimedCandidates()) { // isCandidate: the same test
        if (auto name = lockNameOf(key->name); name && holdsTokens(*key))
            names.insert(*name);
    }
    for (const auto& name : names) {
        const RawKey* weights = context.keys->find(weightSet.keyFor(name));
        const RawKey* times = context.keys->find(timeSet.keyFor(name));
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
            LockHolder holder = permitHolder(token);
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
    return RedisCommand {"EVAL", releaseScript, "2", weightSet.keyFor(semaphore.name),
        timeSet.keyFor(semaphore.name), holder.owner};
}

} // namespace lockscope
