#include "support/LockFormats.h"

#include "common/RandomText.h"
#include "inspect/recognizers/SimpleLockFormats.h"
#include "locks/Semaphore.h"
#include "locks/primitives/FencingCounter.h"
#include "sandbox/LibrarySampleLocks.h"
#include "sandbox/SampleLockSeeder.h"

#include <algorithm>
#include <ctime>
#include <memory>
#include <random>

namespace lockscope::test {

namespace {

std::mt19937_64& generator()
{
    static std::mt19937_64 engine {std::random_device {}()};
    return engine;
}

// The scripts below follow Redisson's RedissonLock / RedissonReadLock / RedissonWriteLock
// acquisition logic: the key layout is the specification the inspector must read.
const char* const lockScript = R"(
if ((redis.call('exists', KEYS[1]) == 0) or (redis.call('hexists', KEYS[1], ARGV[2]) == 1)) then
  redis.call('hincrby', KEYS[1], ARGV[2], 1)
  redis.call('pexpire', KEYS[1], ARGV[1])
  return nil
end
return redis.call('pttl', KEYS[1]))";

const char* const readLockScript = R"(
local mode = redis.call('hget', KEYS[1], 'mode')
if (mode == false) then
  redis.call('hset', KEYS[1], 'mode', 'read')
  redis.call('hset', KEYS[1], ARGV[2], 1)
  redis.call('set', KEYS[2] .. ':1', 1)
  redis.call('pexpire', KEYS[2] .. ':1', ARGV[1])
  redis.call('pexpire', KEYS[1], ARGV[1])
  return nil
end
if (mode == 'read') or (mode == 'write' and redis.call('hexists', KEYS[1], ARGV[3]) == 1) then
  local ind = redis.call('hincrby', KEYS[1], ARGV[2], 1)
  local key = KEYS[2] .. ':' .. ind
  redis.call('set', key, 1)
  redis.call('pexpire', key, ARGV[1])
  local remainTime = redis.call('pttl', KEYS[1])
  redis.call('pexpire', KEYS[1], math.max(remainTime, ARGV[1]))
  return nil
end
return redis.call('pttl', KEYS[1]))";

const char* const writeLockScript = R"(
local mode = redis.call('hget', KEYS[1], 'mode')
if (mode == false) then
  redis.call('hset', KEYS[1], 'mode', 'write')
  redis.call('hset', KEYS[1], ARGV[2], 1)
  redis.call('pexpire', KEYS[1], ARGV[1])
  return nil
end
if (mode == 'write') then
  if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then
    redis.call('hincrby', KEYS[1], ARGV[2], 1)
    local currentExpire = redis.call('pttl', KEYS[1])
    redis.call('pexpire', KEYS[1], currentExpire + ARGV[1])
    return nil
  end
end
return redis.call('pttl', KEYS[1]))";

Status runScript(RedisConnection& connection, const char* script, std::vector<std::string> keys,
    std::vector<std::string> args)
{
    RedisCommand command {"EVAL", script, std::to_string(keys.size())};
    command.insert(command.end(), keys.begin(), keys.end());
    command.insert(command.end(), args.begin(), args.end());
    auto reply = connection.command(command);
    if (!reply)
        return reply.error();
    if (!reply->isNil())
        return makeError(ErrorKind::ServerError, "lock not acquired: held by someone else");
    return Done {};
}

std::string suffixed(const std::string& name, const std::string& suffix)
{
    return (name.find('{') != std::string::npos ? name : "{" + name + "}") + ":" + suffix;
}

} // namespace

std::string LockFormats::randomHex(size_t length)
{
    return RandomText::hex(length);
}

std::string LockFormats::randomAlnum(size_t length)
{
    return RandomText::alnum(length);
}

std::string LockFormats::uuidV4()
{
    std::string hex = randomHex(32);
    hex[12] = '4';
    hex[16] = "89ab"[generator()() % 4];
    return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-"
        + hex.substr(20);
}

std::string LockFormats::uuid1Hex(long long epochMs)
{
    return SampleLockSeeder::uuid1Hex(epochMs);
}

long long LockFormats::serverNowMs(RedisConnection& connection)
{
    auto time = connection.command({"TIME"});
    if (!time || !time->isArray())
        return 0;
    return time->at(0).toInteger().value_or(0) * 1000 + time->at(1).toInteger().value_or(0) / 1000;
}

Status LockFormats::redissonLock(RedisConnection& connection, const std::string& name,
    const std::string& uuid, long long threadId, long long leaseMs)
{
    return runScript(
        connection, lockScript, {name}, {std::to_string(leaseMs), uuid + ":" + std::to_string(threadId)});
}

Status LockFormats::redissonReadLock(RedisConnection& connection, const std::string& name,
    const std::string& uuid, long long threadId, long long leaseMs)
{
    const std::string holder = uuid + ":" + std::to_string(threadId);
    return runScript(connection, readLockScript, {name, suffixed(name, holder + ":rwlock_timeout")},
        {std::to_string(leaseMs), holder, holder + ":write"});
}

const std::string LockFormats::clientA = "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b";

namespace {

const std::string& sampleClient = LockFormats::clientA;

Status runAll(RedisConnection& connection, const std::vector<RedisCommand>& commands)
{
    for (const auto& command : commands) {
        auto reply = connection.command(command);
        if (!reply)
            return reply.error();
        if (reply->isError())
            return makeError(ErrorKind::ServerError, reply->describe());
    }
    return Done {};
}

} // namespace

Status LockFormats::redissonFairLock(RedisConnection& connection, const std::string& name)
{
    auto held = redissonLock(connection, name, sampleClient, 1, 30000);
    if (!held)
        return held;
    const std::string waiter = uuidV4() + ":2";
    const std::string deadline = std::to_string(serverNowMs(connection) + 35000);
    return runAll(connection,
        {{"RPUSH", "redisson_lock_queue:{" + name + "}", waiter},
            {"ZADD", "redisson_lock_timeout:{" + name + "}", deadline, waiter}});
}

Status LockFormats::redissonPermitSemaphore(RedisConnection& connection, const std::string& name)
{
    const std::string deadline = std::to_string(serverNowMs(connection) + 60000);
    return runAll(
        connection, {{"SET", name, "4"}, {"ZADD", suffixed(name, "timeout"), deadline, randomHex(32)}});
}

Status LockFormats::nodeSemaphore(RedisConnection& connection, const std::string& name)
{
    const std::string acquired = std::to_string(serverNowMs(connection));
    return runAll(connection,
        {{"ZADD", "semaphore:" + name, acquired, uuidV4()}, {"PEXPIRE", "semaphore:" + name, "30000"}});
}

Status LockFormats::rubySemaphore(RedisConnection& connection, const std::string& name)
{
    const std::string prefix = "SEMAPHORE:" + name + ":";
    return runAll(connection,
        {{"SET", prefix + "EXISTS", "1"}, {"SET", prefix + "VERSION", "1"},
            {"RPUSH", prefix + "AVAILABLE", "1"}, {"HSET", prefix + "GRABBED", "0", "1700000000.25"}});
}

Status LockFormats::lockScopeSemaphore(RedisConnection& connection, const std::string& name)
{
    const std::string lease = std::to_string(serverNowMs(connection) + 30000);
    return runAll(connection,
        {{"SET", Semaphore::keyFor(name, "permits"), "2"}, {"RPUSH", Semaphore::keyFor(name, "free"), "1"},
            {"RPUSH", Semaphore::keyFor(name, "taken"), "2"},
            {"ZADD", Semaphore::keyFor(name, "leases"), lease, "2"},
            {"HSET", Semaphore::keyFor(name, "holders"), "2", sampleClient + ":1"},
            {"SET", Semaphore::keyFor(name, "seq"), "2"}, {"SET", Semaphore::keyFor(name, "fence"), "1"}});
}

Status LockFormats::lockScopeTokenLock(RedisConnection& connection, const std::string& name)
{
    // As TokenLock takes it: the SET and the fence counter in one MULTI/EXEC.
    return runAll(connection,
        {{"MULTI"}, {"SET", name, randomHex(32), "NX", "PX", "30000"},
            {"SET", FencingCounter::keyFor(name), "12"}, {"EXEC"}});
}

Status LockFormats::legacyTimestampLock(RedisConnection& connection, const std::string& name)
{
    const std::string expiresS = std::to_string(serverNowMs(connection) / 1000 + 31);
    return runAll(connection, {{"SETNX", name, expiresS}});
}

Status LockFormats::lockNamedKey(RedisConnection& connection, const std::string& name)
{
    return runAll(connection, {{"SET", name, R"({"host":"api-2","pid":4242})", "EX", "60"}});
}

std::string LockFormats::shedLockValue(long long epochMs, const std::string& host, bool withUuid)
{
    return LibrarySampleLocks::shedLockValue(epochMs, host, withUuid);
}

Status LockFormats::shedLock(RedisConnection& connection, const std::string& name)
{
    return runAll(connection,
        {{"SET", name, shedLockValue(serverNowMs(connection), "batch-host-1"), "NX", "PX", "30000"}});
}

Status LockFormats::redissonReadHeld(RedisConnection& connection, const std::string& name)
{
    return redissonReadLock(connection, name, sampleClient, 3, 30000);
}

Status LockFormats::userPatternLock(RedisConnection& connection, const std::string& name)
{
    return runAll(connection, {{"SET", name, "worker-7", "PX", "30000"}});
}

const std::string LockFormats::springClientId = "5b1f0c2e-7a4d-4e8b-9c3f-2d1e0f9a8b7c";

std::string LockFormats::randomBase64(size_t bytes, RandomText::Base64 style)
{
    return RandomText::base64(bytes, style);
}

Status LockFormats::laravelLock(RedisConnection& connection, const std::string& name)
{
    // Str::random(16); two character classes at least, as any random 16 of 62 has.
    std::string owner = randomAlnum(15) + "Q";
    return runAll(connection, {{"SET", name, owner, "EX", "30", "NX"}});
}

std::string LockFormats::distributedLockId(const std::string& machine, int pid)
{
    return LibrarySampleLocks::distributedLockId(machine, pid);
}

Status LockFormats::distributedReadWriteLock(RedisConnection& connection, const std::string& writerKey)
{
    const std::string readers
        = writerKey.substr(0, writerKey.size() - std::string(".writer").size()) + ".readers";
    return runAll(connection,
        {{"SADD", readers, distributedLockId("WEB-01", 4120), distributedLockId("WEB-02", 988)},
            {"PEXPIRE", readers, "30000"},
            {"SET", writerKey, distributedLockId("BATCH-7", 312) + "_WRITERWAITING", "PX", "30000"}});
}

Status LockFormats::springRegistryLocks(RedisConnection& connection, const std::string& name)
{
    const std::string registry = name.substr(0, name.find(':'));
    return runAll(connection,
        {{"SET", name, springClientId, "PX", "60000"},
            {"SET", registry + ":shipments", springClientId, "PX", "60000"}});
}

const std::string LockFormats::sidekiqJid = "b4c1d2e3f4a5b6c7d8e9f0a1";

Status LockFormats::symfonyWriteLock(RedisConnection& connection, const std::string& name)
{
    const std::string expiry = std::to_string(serverNowMs(connection) + 300000);
    return runAll(connection,
        {{"ZADD", name, expiry, randomBase64(32), expiry, "__write__"}, {"PEXPIREAT", name, expiry}});
}

Status LockFormats::symfonyReadLock(RedisConnection& connection, const std::string& name, int readers)
{
    const long long now = serverNowMs(connection);
    std::vector<RedisCommand> commands;
    for (int i = 0; i < readers; ++i)
        commands.push_back({"ZADD", name, std::to_string(now + 300000 - i * 1000), randomBase64(32)});
    commands.push_back({"PEXPIREAT", name, std::to_string(now + 300000)});
    return runAll(connection, commands);
}

Status LockFormats::symfonySemaphore(RedisConnection& connection, const std::string& name)
{
    const long long expiresS = serverNowMs(connection) / 1000 + 300;
    const std::string first = randomBase64(32);
    const std::string second = randomBase64(32);
    const std::string weight = "{" + name + "}:weight";
    const std::string time = "{" + name + "}:time";
    return runAll(connection,
        {{"ZADD", weight, "1", first, "2", second},
            {"ZADD", time, std::to_string(expiresS), first, std::to_string(expiresS - 5), second},
            {"EXPIREAT", weight, std::to_string(expiresS + 10)},
            {"EXPIREAT", time, std::to_string(expiresS + 10)}});
}

Status LockFormats::sidekiqUniqueJob(RedisConnection& connection, const std::string& digest)
{
    const long long now = serverNowMs(connection);
    const std::string lockedAt = std::to_string(now / 1000) + "." + std::to_string(now % 1000);
    return runAll(connection,
        {{"SET", digest, sidekiqJid}, {"HSET", digest + ":LOCKED", sidekiqJid, lockedAt},
            {"SET", digest + ":INFO", R"({"worker":"InvoiceJob","queue":"default"})"},
            {"ZADD", "uniquejobs:digests", std::to_string(now / 1000), digest}});
}

Status LockFormats::simpleFormatLock(
    RedisConnection& connection, std::string_view format, const std::string& key)
{
    const SimpleLockFormat* row = SimpleLockFormats::named(format);
    if (!row)
        return makeError(ErrorKind::Usage, "no simple lock format " + std::string(format));
    std::vector<RedisCommand> commands {SimpleLockFormats::sampleCommand(*row, key, serverNowMs(connection))};
    if (!row->wakeListPrefix.empty()) {
        // A wake-up left pending: the one key of such a format named unlike the lock.
        const std::string list = std::string(row->wakeListPrefix) + key.substr(row->prefix.size());
        commands.push_back({"DEL", list});
        commands.push_back({"LPUSH", list, "1"});
        commands.push_back({"PEXPIRE", list, "30000"});
    }
    return runAll(connection, commands);
}

Status LockFormats::redissonMultiLock(RedisConnection& connection, const std::string& group)
{
    const std::string holder = clientA + ":77";
    const std::string expires = std::to_string(serverNowMs(connection) + 30000);
    std::vector<RedisCommand> commands;
    for (const char* value : {"seat-12A", "seat-12B"})
        commands.push_back({"HSET", group, value, holder, std::string(value) + ":" + holder + ":expire_time",
            expires, std::string(value) + ":" + holder + ":lock_count", "1"});
    commands.push_back({"PEXPIRE", group, "30000"});
    return runAll(connection, commands);
}

namespace {
std::vector<std::unique_ptr<RedisConnection>>& keylessHolders()
{
    static std::vector<std::unique_ptr<RedisConnection>> holders;
    return holders;
}
} // namespace

Status LockFormats::portalockerHolder(RedisConnection& connection, const std::string& name)
{
    auto holder = RedisConnection::connect(connection.options());
    if (!holder)
        return holder.error();
    auto named = (*holder)->command({"CLIENT", "SETNAME", name + "-lock"});
    if (!named)
        return named.error();
    if (auto sent = (*holder)->send({"SUBSCRIBE", name}); !sent)
        return sent;
    auto confirmed = (*holder)->readReply(std::chrono::milliseconds(2000));
    if (!confirmed)
        return confirmed.error();
    keylessHolders().push_back(std::move(*holder));
    return Done {};
}

void LockFormats::dropKeylessHolders()
{
    keylessHolders().clear();
}

std::vector<LockFormatSample> LockFormats::samples()
{
    std::vector<LockFormatSample> samples {
        {"lockscope-semaphore", "pool", LockLibrary::LockScope, {}, lockScopeSemaphore},
        {"redis-semaphore-ruby", "printer", LockLibrary::RedisSemaphoreRuby, {}, rubySemaphore},
        {"redis-semaphore-node", "api", LockLibrary::RedisSemaphoreNode, {}, nodeSemaphore},
        {"redisson-rwlock", "catalog", LockLibrary::Redisson, {}, redissonReadHeld},
        {"redisson-lock", "report", LockLibrary::Redisson, {}, redissonFairLock},
        {"redisson-semaphore", "uploads", LockLibrary::Redisson, {}, redissonPermitSemaphore},
        {"redisson-multilock", "flight-442", LockLibrary::Redisson, {}, redissonMultiLock},
        {"shedlock", "job-lock:default:nightlyReport", LockLibrary::ShedLock, {}, shedLock},
        {"sidekiq-unique-jobs", "uniquejobs:9e107d9d372bb6826bd81d3542a419d6", LockLibrary::SidekiqUniqueJobs,
            {}, sidekiqUniqueJob},
        {"symfony-semaphore", "pdf-workers", LockLibrary::SymfonySemaphore, {}, symfonySemaphore},
        {"symfony-lock", "invoice-export", LockLibrary::SymfonyLock, {}, symfonyWriteLock},
        {"laravel", "laravel_database_laravel_cache:invoices", LockLibrary::Laravel, {}, laravelLock},
        {"distributedlock-redis", "inventory.writer", LockLibrary::DistributedLockRedis, {},
            distributedReadWriteLock},
        {"spring-integration", "orders-registry:order-42", LockLibrary::SpringIntegration, {},
            springRegistryLocks},
        {"token-lock", "deploy", LockLibrary::LockScope, {}, lockScopeTokenLock},
        {"legacy-setnx", "lock.foo", LockLibrary::LegacySetnx, {}, legacyTimestampLock},
        {"user-pattern", "guards:payroll", LockLibrary::Unknown, {"guards:*"}, userPatternLock},
        {"lock-named-key", "billing:Leader", LockLibrary::Unknown, {}, lockNamedKey},
        {"portalocker", "report-builder", LockLibrary::Portalocker, {}, portalockerHolder},
    };
    // The simple formats' own samples (the sandbox writes the same), after the structured ones.
    for (const auto& format : SimpleLockFormats::all())
        samples.push_back({std::string(format.name), std::string(format.sampleKey), format.library, {},
            [name = format.name](RedisConnection& connection, const std::string& key) {
                return simpleFormatLock(connection, name, key);
            }});
    return samples;
}

Status LockFormats::redissonWriteLock(RedisConnection& connection, const std::string& name,
    const std::string& uuid, long long threadId, long long leaseMs)
{
    const std::string holder = uuid + ":" + std::to_string(threadId);
    return runScript(connection, writeLockScript, {name}, {std::to_string(leaseMs), holder + ":write"});
}

} // namespace lockscope::test
