#include "inspect/recognizers/SimpleLockFormats.h"

#include <array>

namespace lockscope {

namespace {

// One row a format, in claiming order among themselves (the catalogue places them all at one
// point of its order). What each library writes, read from its own source, is said above its row.
const std::array formats {
    // BullMQ's job locks (node): SET <prefix>:<queue>:<jobId>:lock <workerId>:<n> PX lockDuration,
    // renewed every lockDuration/2 by the worker processing the job. Nobody waits for it: while
    // it is held the job is being processed. Released by force, the stalled-job checker moves
    // the job back to wait (or to failed), so it may run twice.
    SimpleLockFormat {.name = "bullmq",
        .library = LockLibrary::BullMQ,
        .suffix = ":lock",
        .nameRule = NameRule::QueueAndJob,
        .value = ValueShape::WorkerUuidCounter,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "<prefix>:<queue>:<job>:lock holding <worker>:<n>: a BullMQ job lock")},
        .note = {LOCKSCOPE_TEXT("SimpleLockFormats", "job %1 of queue %2 is being processed by worker %3")},
        .releaseWarning = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "BullMQ will treat this job as stalled: it goes back to wait (or to failed) and may run twice "
            "while its worker is still processing it")},
        .sampleKey = "bull:emails:1337:lock",
        .sampleWords = "BullMQ job lock"},
    // php-lock/lock (malkusch; RedisMutex, PHPRedisMutex, PredisMutex): SET
    // php-malkusch-lock:<name> <64 hex> NX PX (timeout + 1 s); the token is random bytes and an
    // md5 in hex and never starts with 0. Released by compare-and-delete; waiters spin.
    SimpleLockFormat {.name = "php-lock",
        .library = LockLibrary::PhpLock,
        .prefix = "php-malkusch-lock:",
        .value = ValueShape::Hex64NoLeadingZero,
        .confidence = 0.95,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "php-malkusch-lock:<name> holding a 64-hex token: php-lock/lock")},
        .sampleKey = "php-malkusch-lock:pdf-export",
        .sampleTtlMs = 31000,
        .sampleWords = "php-lock"},
    // RedLock.net (.NET; RedisKeyFormat "redlock:{0}", Guid.NewGuid()) and pottery's Redlock
    // (Python; prefix `redlock`, uuid4): SET redlock:<resource> <uuid> NX PX. The two write the
    // same key and value and release alike (compare-and-delete), so they are not told apart.
    // Waiters retry.
    SimpleLockFormat {.name = "redlock-net-pottery",
        .library = LockLibrary::RedLockNetOrPottery,
        .prefix = "redlock:",
        .value = ValueShape::Uuid,
        .confidence = 0.9,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "redlock:<resource> holding a UUID: RedLock.net or pottery (same layout, same release)")},
        .sampleKey = "redlock:payout-batch",
        .sampleTtlMs = 45000,
        .sampleWords = "RedLock.net or pottery"},
    // python-redis-lock (ionelmc, `redis_lock`): SET lock:<name> <id> NX EX expire, the id 24
    // characters of unpadded base64 (18 random bytes); no TTL when expire=None, the default.
    // Waiters BLPOP the list lock-signal:<name>; the release compares the id, deletes the lock,
    // empties the list, pushes one element and lets the list expire in 1 s (signal_expire): one
    // push wakes one waiter. A signal list with nobody holding the lock is a leftover: the next
    // waiter will not block.
    SimpleLockFormat {.name = "python-redis-lock",
        .library = LockLibrary::PythonRedisLock,
        .prefix = "lock:",
        .value = ValueShape::Base64Unpadded24,
        .confidence = 0.85,
        .reason = {LOCKSCOPE_TEXT(
            "SimpleLockFormats", "lock:<name> holding a 24-character base64 id: python-redis-lock")},
        .noTtlNote = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "no TTL (expire=None, the default): this lock never expires by itself; if its holder is gone, "
            "only a release frees it")},
        .wakeListPrefix = "lock-signal:",
        .wakeListExpireMs = 1000,
        .sampleKey = "lock:resize-images",
        .sampleTtlMs = 120000,
        .sampleWords = "python-redis-lock"},
    // The npm package `redis-lock` (errorception): SET lock.<name> <Date.now()+timeout+1> PX
    // timeout NX. Unlike the legacy SETNX lock, the timestamp is only its expiry, kept with a
    // real TTL; the value names no holder, and the library's own release deletes without
    // comparing. Waiters retry every 50 ms.
    SimpleLockFormat {.name = "npm-redis-lock",
        .library = LockLibrary::NpmRedisLock,
        .prefix = "lock.",
        .value = ValueShape::ExpiryEpochMs,
        .needsTtl = true,
        .confidence = 0.85,
        .reason = {LOCKSCOPE_TEXT("SimpleLockFormats",
            "lock.<name> holding an epoch-ms expiry, with a TTL: the npm redis-lock package")},
        .sampleKey = "lock.mail-digest",
        .sampleTtlMs = 50000,
        .sampleWords = "npm redis-lock"},
};

} // namespace

std::span<const SimpleLockFormat> SimpleLockFormats::all()
{
    return formats;
}

const SimpleLockFormat* SimpleLockFormats::named(std::string_view name)
{
    for (const auto& format : formats) {
        if (format.name == name)
            return &format;
    }
    return nullptr;
}

RedisCommand SimpleLockFormats::sampleCommand(
    const SimpleLockFormat& format, const std::string& key, long long nowMs)
{
    return {"SET", key, ValueShapes::sample(format.value, nowMs, format.sampleTtlMs), "PX",
        std::to_string(format.sampleTtlMs)};
}

} // namespace lockscope
