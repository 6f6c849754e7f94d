#include "sandbox/LibrarySampleLocks.h"

#include "locks/primitives/HolderIdentity.h"
#include "sandbox/SampleLockSeeder.h"

#include <cstdio>
#include <ctime>
#include <random>

namespace lockscope {

namespace {

std::mt19937_64& generator()
{
    thread_local std::mt19937_64 engine {std::random_device {}()};
    return engine;
}

std::string randomFrom(std::string_view alphabet, size_t length)
{
    std::string out(length, ' ');
    for (char& c : out)
        c = alphabet[generator()() % alphabet.size()];
    return out;
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
    return machine + "_" + std::to_string(pid) + "_" + SampleLockSeeder::randomHex(32);
}

std::string LibrarySampleLocks::randomBase64(size_t bytes, bool urlSafe, bool padded)
{
    const std::string alphabet = std::string("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        + (urlSafe ? "-_" : "+/");
    std::string out;
    for (size_t done = 0; done < bytes; done += 3) {
        const size_t take = std::min<size_t>(3, bytes - done);
        const unsigned long long chunk = generator()() & 0xffffffULL;
        for (size_t c = 0; c < take + 1; ++c)
            out += alphabet[(chunk >> (18 - 6 * c)) & 63];
    }
    while (padded && out.size() % 4 != 0)
        out += '=';
    return out;
}

std::vector<RedisCommand> LibrarySampleLocks::commands(long long nowMs, std::vector<std::string>& made)
{
    constexpr std::string_view alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    constexpr std::string_view letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
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
            randomFrom(alnum, 15) + "Z"}},
        "laravel_database_laravel_unique_job:App\\Jobs\\SyncInvoices:tenant-4 (Laravel, no TTL: never "
        "expires)");
    add({{"SET", "laravel_database_laravel_cache_import-prices", randomFrom(alnum, 15) + "Q", "EX", "300"}},
        "laravel_database_laravel_cache_import-prices (Laravel 11 cache lock)");
    add({{"SET", "php-malkusch-lock:pdf-export", "b" + SampleLockSeeder::randomHex(63), "PX", "31000"}},
        "php-malkusch-lock:pdf-export (php-lock)");
    add({{"SET", "lock:resize-images", randomBase64(18), "EX", "120"}},
        "lock:resize-images (python-redis-lock)");
    add({{"SET", "bull:emails:1337:lock", HolderIdentity::randomUuid() + ":42", "PX", "30000"}},
        "bull:emails:1337:lock (BullMQ job lock)");
    add({{"SET", "redlock:payout-batch", HolderIdentity::randomUuid(), "PX", "45000"}},
        "redlock:payout-batch (RedLock.net or pottery)");
    add({{"SADD", "warehouse.readers", distributedLockId("WEB-01", 4120), distributedLockId("WEB-02", 988)},
            {"PEXPIRE", "warehouse.readers", "90000"},
            {"SET", "warehouse.writer", distributedLockId("BATCH-7", 312) + "_WRITERWAITING", "PX", "90000"}},
        "warehouse.writer (DistributedLock.Redis reader-writer lock, a writer waiting)");
    add({{"SET", "locks:geo-index", randomBase64(16), "PX", "8000"}},
        "locks:geo-index (redsync, expires in 8 s)");
    add({{"SET", "lock:billing-run", randomBase64(16, true, false) + "worker-3", "PX", "100000"}},
        "lock:billing-run (bsm/redislock with metadata)");
    add({{"SET", "stock-lock", randomFrom(letters, 15) + "q", "PX", "70500"}}, "stock-lock (go-zero)");
    add({{"SET", "lock.mail-digest", std::to_string(nowMs + 50001), "PX", "50000"}},
        "lock.mail-digest (npm redis-lock)");
    const std::string exclusive = std::to_string(nowMs + 280000);
    add({{"ZADD", "invoice-export", exclusive, randomBase64(32), exclusive, "__write__"},
            {"PEXPIREAT", "invoice-export", exclusive}},
        "invoice-export (Symfony Lock, held exclusively)");
    const std::string permitsUntilS = std::to_string(nowMs / 1000 + 200);
    const std::string first = randomBase64(32);
    const std::string second = randomBase64(32);
    add({{"ZADD", "{pdf-workers}:weight", "1", first, "2", second},
            {"ZADD", "{pdf-workers}:time", permitsUntilS, first, permitsUntilS, second},
            {"EXPIRE", "{pdf-workers}:weight", "210"}, {"EXPIRE", "{pdf-workers}:time", "210"}},
        "pdf-workers (Symfony Semaphore, 3 permits held)");
    const std::string digest = "uniquejobs:" + SampleLockSeeder::randomHex(32);
    const std::string jid = SampleLockSeeder::randomHex(24);
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
    add({{"SET", "order:10452", SampleLockSeeder::randomHex(32), "PX", "65000"}},
        "order:10452 (a possible lock: a random token under an order number)");
    return commands;
}

} // namespace lockscope
