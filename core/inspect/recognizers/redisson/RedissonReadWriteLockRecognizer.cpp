#include "inspect/recognizers/redisson/RedissonReadWriteLockRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/redisson/RedissonHashLockFacts.h"
#include "inspect/recognizers/redisson/RedissonHolderField.h"
#include "locks/LockKeyNames.h"

namespace lockscope {

namespace {
// A reader holding the lock thousands of times is not a lock: do not invent that many keys.
constexpr long long maxTimeoutKeysPerHolder = 64;
} // namespace

bool RedissonReadWriteLockRecognizer::isReadWriteHash(const RawKey& key)
{
    if (key.type != RawKey::Type::Hash || key.truncated)
        return false;
    const std::string* mode = key.field("mode");
    if (!mode || (*mode != "read" && *mode != "write"))
        return false;
    // A settings hash with mode=read is not a lock: a lock hash also names its holders.
    if (key.fields.size() < 2)
        return false;
    for (const auto& [field, value] : key.fields) {
        if (field != "mode" && !RedissonHolderField::parse(field, value))
            return false;
    }
    return true;
}

std::string RedissonReadWriteLockRecognizer::channelFor(std::string_view lockName)
{
    return LockKeyNames::readWriteChannel(std::string(lockName));
}

std::string RedissonReadWriteLockRecognizer::readTimeoutKey(
    std::string_view lockName, std::string_view holderId, long long n)
{
    std::string suffix(holderId);
    suffix += ":rwlock_timeout:" + std::to_string(n);
    return LockKeyNames::suffixName(lockName, suffix);
}

std::optional<std::string> RedissonReadWriteLockRecognizer::lockNameOf(std::string_view key) const
{
    if (key.find(":rwlock_timeout:") == std::string_view::npos || !key.starts_with("{"))
        return std::nullopt;
    const size_t close = key.find('}');
    if (close == std::string_view::npos)
        return std::nullopt;
    return std::string(key.substr(1, close - 1));
}

std::optional<ReleaseWakeUp> RedissonReadWriteLockRecognizer::wakeUpOnRelease(const LockSnapshot& lock) const
{
    const bool redisson = lock.library == LockLibrary::Redisson || lock.library == LockLibrary::NodeRedisson;
    if (!redisson || lock.kind != LockKind::ReadWrite)
        return std::nullopt;
    ReleaseWakeUp wakeUp;
    wakeUp.channel = channelFor(lock.name);
    wakeUp.alsoSharded = true;
    for (const auto& holder : lock.holders)
        wakeUp.message = holder.mode == HolderMode::Write ? "1" : wakeUp.message;
    return wakeUp;
}

Candidacy RedissonReadWriteLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return isReadWriteHash(key) ? Candidacy::Yes : Candidacy::No;
}

void RedissonReadWriteLockRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (!isReadWriteHash(key))
        return;
    for (const auto& [field, value] : key.fields) {
        auto holder = RedissonHolderField::parse(field, value);
        if (!holder || holder->write)
            continue;
        for (long long n = 1; n <= std::min(holder->count, maxTimeoutKeysPerHolder); ++n)
            names.push_back(readTimeoutKey(key.name, holder->holderId(), n));
    }
}

void RedissonReadWriteLockRecognizer::channels(const RawKey& key, std::vector<std::string>& names) const
{
    if (isReadWriteHash(key))
        names.push_back(channelFor(key.name));
}

void RedissonReadWriteLockRecognizer::recognize(
    RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        const std::string& name = key->name;
        if (!key || !isReadWriteHash(*key))
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::ReadWrite, LockLibrary::Redisson);
        lock.confidence = 0.95;
        const std::string mode = *key->field("mode");
        lock.reason
            = UserText(LOCKSCOPE_TEXT("RedissonReadWriteLockRecognizer",
                           "hash with mode=%1 and <client-uuid>:<thread> holds: Redisson RReadWriteLock"),
                mode);
        for (const auto& [field, value] : key->fields) {
            auto holder = RedissonHolderField::parse(field, value);
            if (!holder)
                continue;
            if (holder->threadIsUuid())
                lock.library = LockLibrary::NodeRedisson;
            // In write mode a plain field is the writer's own read hold (lock downgrade).
            lock.holders.push_back(holder->toHolder(holder->write ? HolderMode::Write : HolderMode::Read));
            if (holder->write)
                continue;
            for (long long n = 1; n <= std::min(holder->count, maxTimeoutKeysPerHolder); ++n) {
                const std::string timeoutKey = readTimeoutKey(name, holder->holderId(), n);
                if (context.keys->find(timeoutKey)) {
                    lock.keys.push_back(timeoutKey);
                    context.keys->claim(timeoutKey);
                }
            }
        }
        RedissonHashLockFacts::add(lock, context, channelFor(name),
            LOCKSCOPE_TEXT("RedissonReadWriteLockRecognizer",
                "%1 client(s) subscribed to the rwlock channel (clients, not threads)"));
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
