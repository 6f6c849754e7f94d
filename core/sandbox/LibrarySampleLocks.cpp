#include "sandbox/LibrarySampleLocks.h"

#include "common/RandomText.h"
#include "inspect/recognizers/SimpleLockFormats.h"
#include "inspect/recognizers/TokenShape.h"
#include "locks/primitives/HolderIdentity.h"

#include <cstdio>
#include <ctime>

namespace lockscope {

namespace {

// A bsm/redislock token as its recogniser knows it. About one random token in a hundred has no
// digit, '-' or '_' and reads as a word rather than a token: the sample must not be that one.
std::string bsmToken()
{
    std::string token;
    do
        token = RandomText::base64(16, RandomText::Base64::UrlSafeUnpadded);
    while (TokenShape::of(token) != TokenShapeKind::UrlSafe22);
    return token;
}

} // namespace

std::string LibrarySampleLocks::shedLockValue(long long epochMs, const std::string& host, bool withUuid)
{
    // ADDED:<ISO-8601 UTC with milliseconds>Z@<host>[:<uuid>]
    const std::time_t seconds = static_cast<std::time_t>(epochMs / 1000);
    std::tm utc {};
    gmtime_r(&seconds, &utc);
    char iso[40];
    std::snprintf(iso, sizeof iso, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
        utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(epochMs % 1000));
    return "ADDED:" + std::string(iso) + "@" + host
        + (withUuid ? ":" + HolderIdentity::randomUuid() : std::string());
}

std::string LibrarySampleLocks::distributedLockId(const std::string& machine, int pid)
{
    return machine + "_" + std::to_string(pid) + "_" + RandomText::hex(32);
}

std::vector<RedisCommand> LibrarySampleLocks::commands(long long nowMs, std::vector<std::string>& made)
{
    std::vector<RedisCommand> commands;
    auto add = [&](std::vector<RedisCommand> more, std::string words) {
        commands.insert(commands.end(), more.begin(), more.end());
        made.push_back(std::move(words));
    };

    add({{"SET", "job-lock:default:sendNewsletter", shedLockValue(nowMs - 4000, "batch-02"), "PX", "240000"}},
        "job-lock:default:sendNewsletter (ShedLock, taken by batch-02)");
    const std::string registry = HolderIdentity::randomUuid();
    add({{"SET", "orders-registry:order-8812", registry, "PX", "60000"},
            {"SET", "orders-registry:order-8813", registry, "PX", "60000"}},
        "orders-registry:order-8812 and :order-8813 (Spring Integration, one registry)");
    add({{"SET", "laravel_database_laravel_unique_job:App\\Jobs\\SyncInvoices:tenant-4",
            RandomText::alnum(15) + "Z"}},
        "laravel_database_laravel_unique_job:App\\Jobs\\SyncInvoices:tenant-4 (Laravel, no TTL: never "
        "expires)");
    add({{"SET", "laravel_database_laravel_cache_import-prices", RandomText::alnum(15) + "Q", "EX", "300"}},
        "laravel_database_laravel_cache_import-prices (Laravel 11 cache lock)");
    add({{"SADD", "warehouse.readers", distributedLockId("WEB-01", 4120), distributedLockId("WEB-02", 988)},
            {"PEXPIRE", "warehouse.readers", "90000"},
            {"SET", "warehouse.writer", distributedLockId("BATCH-7", 312) + "_WRITERWAITING", "PX", "90000"}},
        "warehouse.writer (DistributedLock.Redis reader-writer lock, a writer waiting)");
    add({{"SET", "locks:geo-index", RandomText::base64(16), "PX", "8000"}},
        "locks:geo-index (redsync, expires in 8 s)");
    add({{"SET", "lock:billing-run", bsmToken() + "worker-3", "PX", "100000"}},
        "lock:billing-run (bsm/redislock with metadata)");
    add({{"SET", "stock-lock", RandomText::letters(15) + "q", "PX", "70500"}}, "stock-lock (go-zero)");
    const std::string exclusive = std::to_string(nowMs + 280000);
    add({{"ZADD", "invoice-export", exclusive, RandomText::base64(32), exclusive, "__write__"},
            {"PEXPIREAT", "invoice-export", exclusive}},
        "invoice-export (Symfony Lock, held exclusively)");
    const std::string permitsUntilS = std::to_string(nowMs / 1000 + 200);
    const std::string first = RandomText::base64(32);
    const std::string second = RandomText::base64(32);
    add({{"ZADD", "{pdf-workers}:weight", "1", first, "2", second},
            {"ZADD", "{pdf-workers}:time", permitsUntilS, first, permitsUntilS, second},
            {"EXPIRE", "{pdf-workers}:weight", "210"}, {"EXPIRE", "{pdf-workers}:time", "210"}},
        "pdf-workers (Symfony Semaphore, 3 permits held)");
    const std::string digest = "uniquejobs:" + RandomText::hex(32);
    const std::string jid = RandomText::hex(24);
    add({{"SET", digest, jid}, {"HSET", digest + ":LOCKED", jid, std::to_string(nowMs / 1000 - 95)},
            {"ZADD", "uniquejobs:digests", std::to_string(nowMs / 1000), digest}},
        digest + " (sidekiq-unique-jobs, no TTL)");
    const std::string javaClient = HolderIdentity::randomUuid() + ":31";
    const std::string seatsUntil = std::to_string(nowMs + 85000);
    add({{"HSET", "flight-442:seats", "12A", javaClient, "12A:" + javaClient + ":expire_time", seatsUntil,
             "12A:" + javaClient + ":lock_count", "1", "12B", javaClient,
             "12B:" + javaClient + ":expire_time", seatsUntil, "12B:" + javaClient + ":lock_count", "1"},
            {"PEXPIRE", "flight-442:seats", "85000"}},
        "flight-442:seats (Redisson getMultiLock over two seats)");
    add({{"SET", "order:10452", RandomText::hex(32), "PX", "65000"}},
        "order:10452 (a possible lock: a random token under an order number)");
    // The simple formats' samples, one per row of their table.
    for (const auto& format : SimpleLockFormats::all()) {
        const std::string key(format.sampleKey);
        add({SimpleLockFormats::sampleCommand(format, key, nowMs)},
            key + " (" + std::string(format.sampleWords) + ")");
    }
    return commands;
}

} // namespace lockscope
