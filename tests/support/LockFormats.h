#pragma once

#include "common/RandomText.h"
#include "inspect/LockLibrary.h"
#include "redis/RedisConnection.h"

#include <functional>
#include <string>
#include <vector>

namespace lockscope::test {

// One lock of a catalogued format (RecognizerCatalog), as its library writes it; its keys are
// named unlike the lock wherever the format has such keys (queues, parts, timeouts, fences), so
// that tests see a format answer "which lock is this key's" and "which keys has this lock".
struct LockFormatSample
{
    std::string recognizer; // LockRecognizer::name() of the format
    std::string lockName;
    LockLibrary library;
    std::vector<std::string> lockPatterns; // the user's patterns the format needs, if any
    std::function<Status(RedisConnection&, const std::string& lockName)> write;
};

// Writes locks exactly as their libraries do (Redisson's own Lua scripts, the documented SET
// arguments), and makes the random values those libraries use. The formats themselves are
// described where LockScope reads them: the recognizers in core/inspect/recognizers/.
class LockFormats
{
public:
    // The Redisson client UUID the tests' locks are held by (a holder field is `<uuid>:<thread>`).
    static const std::string clientA;

    static std::string randomHex(size_t length);
    static std::string randomAlnum(size_t length);
    static std::string uuidV4();
    // uuid.uuid1().hex for the given moment (redis-py's token).
    static std::string uuid1Hex(long long epochMs);
    static long long serverNowMs(RedisConnection& connection);

    // Redisson RLock.tryLockInnerAsync: HINCRBY <name> <uuid>:<tid> 1, PEXPIRE lease.
    static Status redissonLock(RedisConnection& connection, const std::string& name, const std::string& uuid,
        long long threadId, long long leaseMs);
    // Redisson RReadWriteLock read / write acquisition scripts.
    static Status redissonReadLock(RedisConnection& connection, const std::string& name,
        const std::string& uuid, long long threadId, long long leaseMs);
    static Status redissonWriteLock(RedisConnection& connection, const std::string& name,
        const std::string& uuid, long long threadId, long long leaseMs);
    // Redisson RReadWriteLock read-held by one client (a `{name}:...:rwlock_timeout:1` key).
    static Status redissonReadHeld(RedisConnection& connection, const std::string& name);
    // Redisson RFairLock held by one client with one waiter in its queue and timeout zset.
    static Status redissonFairLock(RedisConnection& connection, const std::string& name);
    // Redisson RPermitExpirableSemaphore: the permit count and `{name}:timeout` of leased permits.
    static Status redissonPermitSemaphore(RedisConnection& connection, const std::string& name);
    // redis-semaphore (node): `semaphore:<name>` zset of UUIDv4 permits scored by epoch ms.
    static Status nodeSemaphore(RedisConnection& connection, const std::string& name);
    // redis-semaphore (ruby): SEMAPHORE:<name>:EXISTS/VERSION/AVAILABLE/GRABBED.
    static Status rubySemaphore(RedisConnection& connection, const std::string& name);
    // LockScope's semaphore (core/locks/Semaphore.h) with one permit taken.
    static Status lockScopeSemaphore(RedisConnection& connection, const std::string& name);
    // LockScope's token lock: 32 hex with its fence counter (FencingCounter::keyFor).
    static Status lockScopeTokenLock(RedisConnection& connection, const std::string& name);
    // Hand-written SETNX holding the expiry time in seconds.
    static Status legacyTimestampLock(RedisConnection& connection, const std::string& name);
    // A lock of no known library: a lock-named key with a TTL holding JSON.
    static Status lockNamedKey(RedisConnection& connection, const std::string& name);
    // ShedLock (InternalRedisLockProvider): SET <name> ADDED:<iso>@<host>:<uuid> NX PX lockAtMostFor.
    static Status shedLock(RedisConnection& connection, const std::string& name);
    // ShedLock's value for a lock taken at `epochMs` on `host` (6.7.0 and later: with a UUID).
    static std::string shedLockValue(long long epochMs, const std::string& host, bool withUuid = true);
    // Base64 of `bytes` random bytes.
    static std::string randomBase64(size_t bytes, RandomText::Base64 style = RandomText::Base64::Standard);
    // Laravel RedisLock: SET <name> <Str::random(16)> EX 30 NX.
    static Status laravelLock(RedisConnection& connection, const std::string& name);
    // The sample of a simple format (a row of SimpleLockFormats, by its name) under `key`, and
    // where the format has a wake-up list, a wake-up left pending on it.
    static Status simpleFormatLock(
        RedisConnection& connection, std::string_view format, const std::string& key);
    // DistributedLock.Redis: <machine>_<pid>_<32 hex>.
    static std::string distributedLockId(const std::string& machine, int pid);
    // DistributedLock.Redis reader-writer lock `<x>.writer`: two readers in `<x>.readers` and a
    // writer waiting for them (`<id>_WRITERWAITING` in the writer key).
    static Status distributedReadWriteLock(RedisConnection& connection, const std::string& writerKey);
    // Spring Integration RedisLockRegistry: `name` and a second lock of the same registry
    // (`<first segment>:shipments`), both holding the registry's client id.
    static Status springRegistryLocks(RedisConnection& connection, const std::string& name);
    static const std::string springClientId;
    // Symfony Lock (RedisStore): ZADD <name> <expiry ms> <token> [and __write__], PEXPIREAT.
    static Status symfonyWriteLock(RedisConnection& connection, const std::string& name);
    static Status symfonyReadLock(RedisConnection& connection, const std::string& name, int readers);
    // Symfony Semaphore: `{name}:weight` and `{name}:time` for two holders (1 and 2 permits).
    static Status symfonySemaphore(RedisConnection& connection, const std::string& name);
    // sidekiq-unique-jobs v8 holding `digest` (uniquejobs:<md5>) for job `jid`: the digest, its
    // :LOCKED hash and :INFO, the global uniquejobs:digests entry.
    static Status sidekiqUniqueJob(RedisConnection& connection, const std::string& digest);
    static const std::string sidekiqJid;
    // portalocker: a connection named `<name>-lock` subscribed to `<name>`, kept open until
    // dropKeylessHolders() (or the test ends): the lock is that subscription, no key.
    static Status portalockerHolder(RedisConnection& connection, const std::string& name);
    static void dropKeylessHolders();
    // Redisson getMultiLock(group, values): three fields per value in one hash `group`.
    static Status redissonMultiLock(RedisConnection& connection, const std::string& group);
    // A lock only the user's pattern can tell: a worker's name with a TTL.
    static Status userPatternLock(RedisConnection& connection, const std::string& name);

    // One sample per catalogued format: the structured ones in catalogue order, then the simple ones.
    static std::vector<LockFormatSample> samples();
};

} // namespace lockscope::test
