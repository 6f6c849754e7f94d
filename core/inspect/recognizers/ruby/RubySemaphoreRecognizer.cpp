#include "inspect/recognizers/ruby/RubySemaphoreRecognizer.h"

#include "inspect/recognizers/PermitHolder.h"

#include <cstdlib>
#include <set>
#include <vector>

namespace lockscope {

namespace {
constexpr std::string_view prefix = "SEMAPHORE:";

// Every `SEMAPHORE:<name>:<part>` belongs to the semaphore `name`, which has all five parts.
std::vector<FamilyKeyShape> partShapes()
{
    return {{prefix, ":AVAILABLE"}, {prefix, ":GRABBED"}, {prefix, ":EXISTS"}, {prefix, ":VERSION"},
        {prefix, ":release_locks"}};
}

const char* const releaseScript = R"LUA(
if redis.call('hdel', KEYS[1], ARGV[1]) ~= 1 then return 0 end
redis.call('lpush', KEYS[2], ARGV[1])
return 1
)LUA";
} // namespace

RubySemaphoreRecognizer::RubySemaphoreRecognizer()
    : KeyFamilyRecognizer(RawKey::Type::List, partShapes())
{
}

std::string RubySemaphoreRecognizer::keyFor(std::string_view semaphoreName, std::string_view part)
{
    return std::string(prefix) + std::string(semaphoreName) + ":" + std::string(part);
}

std::optional<RedisCommand> RubySemaphoreRecognizer::permitRelease(
    const LockSnapshot& semaphore, const LockHolder& holder) const
{
    if (semaphore.library != LockLibrary::RedisSemaphoreRuby)
        return std::nullopt;
    return RedisCommand {"EVAL", releaseScript, "2", keyFor(semaphore.name, "GRABBED"),
        keyFor(semaphore.name, "AVAILABLE"), holder.owner};
}

void RubySemaphoreRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    std::set<std::string> names;
    for (const std::string& key : context.keys->unclaimed()) {
        if (auto name = lockNameOf(key))
            names.insert(*name);
    }
    for (const auto& name : names) {
        const RawKey* available = context.keys->find(keyFor(name, "AVAILABLE"));
        const RawKey* grabbed = context.keys->find(keyFor(name, "GRABBED"));
        const RawKey* exists = context.keys->find(keyFor(name, "EXISTS"));
        if (available && available->type != RawKey::Type::List)
            available = nullptr;
        if (grabbed && grabbed->type != RawKey::Type::Hash)
            grabbed = nullptr;
        // At least the structure the gem itself checks: EXISTS, or a token list/hash.
        if (!exists && !available && !grabbed)
            continue;
        LockSnapshot lock;
        lock.name = name;
        lock.kind = LockKind::Semaphore;
        lock.library = LockLibrary::RedisSemaphoreRuby;
        lock.confidence = 0.9;
        lock.reason = UserText(LOCKSCOPE_TEXT("RubySemaphoreRecognizer",
            "SEMAPHORE:<name>:AVAILABLE/GRABBED/EXISTS keys: redis-semaphore (ruby)"));
        lock.node = context.node;
        std::vector<std::string> parts;
        keysOf(name, parts);
        for (const std::string& key : parts) {
            if (context.keys->find(key) && !context.keys->isClaimed(key)) {
                lock.keys.push_back(key);
                context.keys->claim(key);
            }
        }
        if (exists)
            lock.ttlMs = exists->ttlMs();
        lock.permitsAvailable = available ? available->size : 0;
        if (grabbed) {
            for (const auto& [token, since] : grabbed->fields)
                lock.holders.push_back(permitHolder(token));
        }
        out.push_back(std::move(lock));
    }
    // BLPOP waiters: CLIENT LIST names the command, never the key.
    const size_t found = names.size();
    if (context.blpopClients > 0) {
        for (auto& lock : out) {
            if (lock.library != LockLibrary::RedisSemaphoreRuby)
                continue;
            if (found == 1) {
                lock.waiterCount = context.blpopClients;
                lock.notes.emplace_back(
                    LOCKSCOPE_TEXT("RubySemaphoreRecognizer",
                        "%1 client(s) blocked in BLPOP on this node, counted here because "
                        "this is the only BLPOP-based semaphore (CLIENT LIST does not name "
                        "the key)"),
                    context.blpopClients);
            } else {
                lock.notes.emplace_back(
                    LOCKSCOPE_TEXT("RubySemaphoreRecognizer",
                        "%1 client(s) blocked in BLPOP on this node; CLIENT LIST does not "
                        "say on which key"),
                    context.blpopClients);
            }
        }
    }
}

} // namespace lockscope
