#include "inspect/recognizers/redisson/RedissonSemaphoreRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/PermitHolder.h"
#include "inspect/scan/ScoreMillis.h"
#include "locks/LockKeyNames.h"

#include <cmath>

namespace lockscope {

namespace {
const char* const releaseScript = R"LUA(
if redis.call('zrem', KEYS[2], ARGV[1]) ~= 1 then return 0 end
local value = redis.call('incrby', KEYS[1], 1)
redis.call('publish', KEYS[3], value)
return 1
)LUA";
} // namespace

std::string RedissonSemaphoreRecognizer::channelFor(std::string_view semaphoreName)
{
    return LockKeyNames::prefixName("redisson_sc", semaphoreName);
}

std::string RedissonSemaphoreRecognizer::timeoutKeyFor(std::string_view semaphoreName)
{
    return LockKeyNames::suffixName(semaphoreName, "timeout");
}

std::optional<std::string> RedissonSemaphoreRecognizer::nameOfTimeoutKey(std::string_view key)
{
    return LockKeyNames::nameBeforeSuffix(key, "timeout");
}

Candidacy RedissonSemaphoreRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    if (key.type == RawKey::Type::ZSet && nameOfTimeoutKey(key.name))
        return Candidacy::Yes;
    if (auto permits = key.integerValue(); permits && *permits >= 0)
        return Candidacy::IfSubscribed;
    return Candidacy::No;
}

void RedissonSemaphoreRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.type == RawKey::Type::ZSet) {
        if (auto semaphore = nameOfTimeoutKey(key.name))
            names.push_back(*semaphore);
    } else if (key.type == RawKey::Type::String) {
        names.push_back(timeoutKeyFor(key.name));
    }
}

void RedissonSemaphoreRecognizer::channels(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.type == RawKey::Type::String)
        names.push_back(channelFor(key.name));
}

std::optional<std::string> RedissonSemaphoreRecognizer::lockNameOf(std::string_view key) const
{
    return nameOfTimeoutKey(key);
}

void RedissonSemaphoreRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    keys.push_back(timeoutKeyFor(lockName));
}

std::optional<RedisCommand> RedissonSemaphoreRecognizer::permitRelease(
    const LockSnapshot& semaphore, const LockHolder& holder) const
{
    if (semaphore.library != LockLibrary::Redisson || semaphore.holders.empty())
        return std::nullopt;
    return RedisCommand {"EVAL", releaseScript, "3", semaphore.name, timeoutKeyFor(semaphore.name),
        channelFor(semaphore.name), holder.owner};
}

void RedissonSemaphoreRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) { // integer strings among them
        const std::string& name = key->name;
        if (context.keys->isClaimed(name))
            continue;
        if (!key || key->type != RawKey::Type::String)
            continue;
        auto permits = key->integerValue();
        if (!permits || *permits < 0)
            continue;
        const std::string timeoutName = timeoutKeyFor(name);
        const RawKey* timeouts = context.keys->find(timeoutName);
        if (timeouts && (timeouts->type != RawKey::Type::ZSet || context.keys->isClaimed(timeoutName)))
            timeouts = nullptr;
        const long long waiting = context.subscribers(channelFor(name));
        if (!timeouts && waiting == 0)
            continue;

        LockSnapshot lock = context.claimLock(*key, LockKind::Semaphore, LockLibrary::Redisson);
        lock.permitsAvailable = *permits;
        lock.waiterCount = waiting;
        if (timeouts) {
            lock.keys.push_back(timeoutName);
            context.keys->claim(timeoutName);
            lock.confidence = 0.9;
            lock.reason = UserText(LOCKSCOPE_TEXT("RedissonSemaphoreRecognizer",
                "integer permits with a {name}:timeout zset of permit expiries: Redisson "
                "RPermitExpirableSemaphore"));
            long long expired = 0;
            for (const auto& [permit, expiry] : timeouts->members) {
                lock.holders.push_back(permitHolder(permit, scoreMillis(expiry)));
                if (lock.holders.back().expiresAtMs && *lock.holders.back().expiresAtMs < context.nowMs)
                    ++expired;
            }
            if (expired > 0)
                lock.notes.emplace_back(LOCKSCOPE_TEXT("RedissonSemaphoreRecognizer",
                                            "%1 permit(s) past their expiry: Redisson returns them on "
                                            "the next acquire"),
                    expired);
        } else {
            lock.confidence = 0.7;
            lock.reason = UserText(LOCKSCOPE_TEXT("RedissonSemaphoreRecognizer",
                                       "integer string with %1 subscriber(s) on %2: Redisson RSemaphore (who "
                                       "holds permits is not stored in Redis)"),
                waiting, channelFor(name));
        }
        if (waiting > 0)
            lock.notes.emplace_back(
                LOCKSCOPE_TEXT("RedissonSemaphoreRecognizer", "%1 client(s) wait on the semaphore channel"),
                waiting);
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
