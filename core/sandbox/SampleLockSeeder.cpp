#include "sandbox/SampleLockSeeder.h"

#include "common/RandomText.h"
#include "common/WallClock.h"
#include "inspect/LockNaming.h"
#include "locks/LockFactory.h"
#include "locks/LockKeyNames.h"
#include "locks/primitives/HolderIdentity.h"
#include "redis/RedisConnection.h"
#include "sandbox/LibrarySampleLocks.h"

#include <chrono>
#include <cstdio>

namespace lockscope {

namespace {

using namespace std::chrono_literals;

Status run(RedisConnection& connection, const std::vector<RedisCommand>& commands)
{
    auto replies = connection.pipeline(commands);
    if (!replies)
        return replies.error();
    for (const auto& reply : *replies)
        if (reply.isError())
            return makeError(ErrorKind::ServerError, reply.text());
    return Done {};
}

} // namespace

SampleLockSeeder::SampleLockSeeder(ConnectionOptions options)
    : m_options(std::move(options))
{
    m_options.clientRole = "demo";
}

SampleLockSeeder::~SampleLockSeeder()
{
    stop();
}

std::string SampleLockSeeder::uuid1Hex(long long epochMs)
{
    return LockNaming::uuid1Hex(epochMs);
}

Result<std::vector<std::string>> SampleLockSeeder::seed()
{
    auto connection = RedisConnection::connect(m_options);
    if (!connection)
        return connection.error();
    std::vector<std::string> made;
    if (auto written = writeForeignLocks(**connection, made); !written)
        return written.error();
    if (auto held = holdOwnLocks(made); !held)
        return held.error();
    if (auto held = holdPortalockerLock(made); !held)
        return held.error();
    return made;
}

Status SampleLockSeeder::hold(
    LockAlgorithm kind, const std::string& name, std::chrono::milliseconds lease, bool watchdog, int permits)
{
    LockSpec spec;
    spec.kind = kind;
    spec.name = name;
    spec.connection = m_options;
    spec.permits = permits;
    auto lock = LockFactory::create(spec);
    if (!lock)
        return lock.error();
    AcquireOptions options;
    options.lease = lease;
    options.watchdog = watchdog;
    options.wait = 0ms;
    auto acquired = (*lock)->acquire(options);
    if (!acquired)
        return acquired.error();
    if (!acquired->acquired())
        return makeError(ErrorKind::Usage, "sample lock " + name + " is held by someone else already");
    m_held.push_back(std::move(*lock));
    return Done {};
}

void SampleLockSeeder::queueWaiter(LockAlgorithm kind, const std::string& name)
{
    // A waiter blocks in acquire() until stop() cancels it: that is what puts it in the queue.
    m_waiters.emplace_back([this, kind, name, options = m_options] {
        LockSpec spec;
        spec.kind = kind;
        spec.name = name;
        spec.connection = options;
        auto lock = LockFactory::create(spec);
        if (!lock)
            return;
        AcquireOptions acquire;
        acquire.lease = 30s;
        acquire.wait = std::nullopt;
        acquire.cancel = &m_cancel;
        auto acquired = (*lock)->acquire(acquire);
        if (acquired && acquired->acquired())
            (void)(*lock)->release();
    });
}

Status SampleLockSeeder::holdOwnLocks(std::vector<std::string>& made)
{
    struct Own
    {
        LockAlgorithm kind;
        const char* name;
        std::chrono::milliseconds lease;
        bool watchdog;
        int permits;
        const char* words;
    };
    const Own own[] = {
        {LockAlgorithm::Reentrant, "demo:orders:checkout", 30s, true, 1,
            "LockScope reentrant, renewed by its watchdog"},
        {LockAlgorithm::Fair, "demo:ledger:close-day", 30s, true, 1,
            "LockScope fair lock, two waiters queued"},
        {LockAlgorithm::Read, "demo:catalog:prices", 60s, false, 1, "LockScope read lock, lease 60 s"},
        {LockAlgorithm::Write, "demo:catalog:stock", 45s, false, 1, "LockScope write lock, lease 45 s"},
        {LockAlgorithm::Semaphore, "demo:api:quota", 50s, false, 3, "LockScope semaphore, 1 of 3 permits"},
        {LockAlgorithm::Token, "demo:mailer:lock", 20s, false, 1, "LockScope token lock, expires in 20 s"},
    };
    for (const Own& lock : own) {
        if (auto held = hold(lock.kind, lock.name, lock.lease, lock.watchdog, lock.permits); !held)
            return held;
        made.push_back(std::string(lock.name) + " (" + lock.words + ")");
    }
    queueWaiter(LockAlgorithm::Fair, "demo:ledger:close-day");
    queueWaiter(LockAlgorithm::Fair, "demo:ledger:close-day");
    return Done {};
}

Status SampleLockSeeder::writeForeignLocks(RedisConnection& connection, std::vector<std::string>& made)
{
    const long long now = epochMillisNow();
    const std::string javaClient = HolderIdentity::randomUuid();
    const std::string otherClient = HolderIdentity::randomUuid();

    // Redisson RLock held twice by one thread (reentrant), no watchdog: it expires.
    std::vector<RedisCommand> commands {
        {"HSET", "inventory:sku-1042", javaClient + ":57", "2"},
        {"PEXPIRE", "inventory:sku-1042", "90000"},
    };
    made.push_back("inventory:sku-1042 (Redisson RLock, reentered twice)");

    // Redisson fair lock whose queue head died: its deadline passed, so the lock is stuck.
    const std::string fair = "report:nightly";
    commands.push_back({"HSET", fair, javaClient + ":88", "1"});
    commands.push_back({"PEXPIRE", fair, "120000"});
    commands.push_back({"RPUSH", LockKeyNames::fairQueue(fair), otherClient + ":12", javaClient + ":91"});
    commands.push_back({"ZADD", LockKeyNames::fairTimeouts(fair), std::to_string(now - 30000),
        otherClient + ":12", std::to_string(now + 300000), javaClient + ":91"});
    made.push_back(fair + " (Redisson fair lock, a dead waiter at the head of its queue)");

    // Redisson read/write lock in read mode with two readers.
    const std::string rw = "catalog:rebuild";
    commands.push_back({"HSET", rw, "mode", "read", javaClient + ":12", "1", otherClient + ":3", "1"});
    commands.push_back({"PEXPIRE", rw, "75000"});
    commands.push_back(
        {"SET", LockKeyNames::readTimeoutPrefix(rw, javaClient + ":12") + ":1", "1", "PX", "75000"});
    commands.push_back(
        {"SET", LockKeyNames::readTimeoutPrefix(rw, otherClient + ":3") + ":1", "1", "PX", "75000"});
    made.push_back(rw + " (Redisson read/write lock, two readers)");

    // redis-py Lock: uuid1().hex, short timeout: expires soon.
    commands.push_back({"SET", "invoice:2026-0117", uuid1Hex(now), "PX", "25000"});
    made.push_back("invoice:2026-0117 (redis-py Lock, expires in 25 s)");
    commands.push_back({"SET", "etl:daily-import", uuid1Hex(now), "PX", "180000"});
    made.push_back("etl:daily-import (redis-py Lock)");

    // node-redlock: 16 random bytes as hex under a lock-like name.
    commands.push_back({"SET", "locks:payment-gateway", RandomText::hex(32), "PX", "40000"});
    made.push_back("locks:payment-gateway (node-redlock)");

    // A hand-written leader lock of no library: a lock-named key with a TTL holding JSON.
    commands.push_back({"SET", "reports:Leader", R"({"host":"report-1","pid":311})", "PX", "90000"});
    made.push_back("reports:Leader (a lock-named key of no known library)");

    // redis-semaphore (node): Mutex and a two-permit Semaphore.
    commands.push_back({"SET", "mutex:email-sender", HolderIdentity::randomUuid(), "PX", "60000"});
    made.push_back("mutex:email-sender (redis-semaphore Mutex)");
    commands.push_back({"ZADD", "semaphore:thumbnailer", std::to_string(now), HolderIdentity::randomUuid(),
        std::to_string(now - 2000), HolderIdentity::randomUuid()});
    commands.push_back({"PEXPIRE", "semaphore:thumbnailer", "55000"});
    made.push_back("semaphore:thumbnailer (redis-semaphore Semaphore, two permits held)");

    // redis-semaphore (ruby): three tokens, two grabbed.
    const std::string ruby = "SEMAPHORE:pdf-render";
    const std::string seconds = std::to_string(now / 1000) + "." + std::to_string(now % 1000);
    commands.push_back({"RPUSH", ruby + ":AVAILABLE", "2"});
    commands.push_back({"HSET", ruby + ":GRABBED", "0", seconds, "1", seconds});
    commands.push_back({"SET", ruby + ":EXISTS", "1"});
    commands.push_back({"SET", ruby + ":VERSION", "1"});
    made.push_back(ruby + " (redis-semaphore ruby, 2 of 3 tokens grabbed)");

    // The legacy SETNX pattern: an expiry timestamp in seconds, no TTL.
    commands.push_back({"SET", "lock.cron-cleanup", std::to_string(now / 1000 + 600)});
    made.push_back("lock.cron-cleanup (legacy SETNX timestamp)");

    for (auto& command : LibrarySampleLocks::commands(now, made))
        commands.push_back(std::move(command));
    return run(connection, commands);
}

Status SampleLockSeeder::holdPortalockerLock(std::vector<std::string>& made)
{
    auto holder = RedisConnection::connect(m_options);
    if (!holder)
        return holder.error();
    if (auto named = (*holder)->command({"CLIENT", "SETNAME", "pdf-merge-lock"}); !named)
        return named.error();
    if (auto sent = (*holder)->send({"SUBSCRIBE", "pdf-merge"}); !sent)
        return sent;
    if (auto confirmed = (*holder)->readReply(std::chrono::milliseconds(2000)); !confirmed)
        return confirmed.error();
    m_subscribedHolder = std::move(*holder);
    made.push_back("pdf-merge (portalocker: a subscribed connection, no key)");
    return Done {};
}

void SampleLockSeeder::stop()
{
    m_subscribedHolder.reset();
    m_cancel.cancel();
    for (auto& waiter : m_waiters)
        if (waiter.joinable())
            waiter.join();
    m_waiters.clear();
    for (auto& lock : m_held)
        (void)lock->release();
    m_held.clear();
}

} // namespace lockscope
