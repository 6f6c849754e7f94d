#include "inspect/recognizers/python/PythonRedisLockRecognizer.h"

#include "inspect/recognizers/TokenShape.h"

namespace lockscope {

namespace {
constexpr std::string_view lockPrefix = "lock:";
constexpr std::string_view signalPrefix = "lock-signal:";
} // namespace

std::string PythonRedisLockRecognizer::signalKeyOf(std::string_view lockKey)
{
    return std::string(signalPrefix) + std::string(lockKey.substr(lockPrefix.size()));
}

void PythonRedisLockRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.name.starts_with(lockPrefix))
        names.push_back(signalKeyOf(key.name));
}

bool PythonRedisLockRecognizer::readsContents(std::string_view key, RawKey::Type type) const
{
    return type == RawKey::Type::List && key.starts_with(signalPrefix);
}

std::optional<std::string> PythonRedisLockRecognizer::lockNameOf(std::string_view key) const
{
    if (key.starts_with(signalPrefix) && key.size() > signalPrefix.size())
        return std::string(lockPrefix) + std::string(key.substr(signalPrefix.size()));
    return std::nullopt;
}

void PythonRedisLockRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    if (lockName.starts_with(lockPrefix) && lockName.size() > lockPrefix.size())
        keys.push_back(signalKeyOf(lockName));
}

std::optional<ReleaseWakeUp> PythonRedisLockRecognizer::wakeUpOnRelease(const LockSnapshot& lock) const
{
    if (lock.library != LockLibrary::PythonRedisLock || !lock.name.starts_with(lockPrefix))
        return std::nullopt;
    ReleaseWakeUp wakeUp;
    wakeUp.signalList = signalKeyOf(lock.name);
    wakeUp.signalExpireMs = 1000; // the library's signal_expire
    return wakeUp;
}

std::optional<StringLockReading> PythonRedisLockRecognizer::read(const RawKey& key, long long) const
{
    // b64encode(urandom(18)): 24 characters, never padded.
    if (!key.name.starts_with(lockPrefix) || key.name.size() == lockPrefix.size() || key.value.size() != 24
        || !TokenShape::isBase64Chars(key.value))
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::PythonRedisLock;
    reading.confidence = 0.85;
    reading.reason = UserText(LOCKSCOPE_TEXT(
        "PythonRedisLockRecognizer", "lock:<name> holding a 24-character base64 id: python-redis-lock"));
    if (!key.ttlMs())
        reading.notes.push_back(UserText(LOCKSCOPE_TEXT("PythonRedisLockRecognizer",
            "no TTL (expire=None, the default): this lock never expires by itself; if its holder is gone, "
            "only a release frees it")));
    return reading;
}

void PythonRedisLockRecognizer::complete(LockSnapshot& lock, RecognitionContext& context) const
{
    const std::string signal = signalKeyOf(lock.name);
    lock.notes.push_back(UserText(
        LOCKSCOPE_TEXT("PythonRedisLockRecognizer",
            "waiters block on %1 (BLPOP); CLIENT LIST counts them with every other blocked pop on this node"),
        signal));
    if (const RawKey* list = context.keys->find(signal); list && !context.keys->isClaimed(signal)) {
        context.keys->claim(signal);
        lock.keys.push_back(signal);
        lock.notes.push_back(
            UserText(LOCKSCOPE_TEXT("PythonRedisLockRecognizer",
                         "a wake-up signal is pending on %1: the next waiter takes it without blocking"),
                signal));
    }
}

} // namespace lockscope
