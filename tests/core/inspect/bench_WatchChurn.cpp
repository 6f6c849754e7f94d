// Benchmark, not a test: the watcher under churn. 10,000 live token locks; a writer changes
// their holders at 1,000, 5,000, 20,000 and 50,000 changes a second for a few seconds each, and
// the bench prints the watcher's lag (from the write's reply to the reported event) p50/p99, the
// watcher thread's CPU per reported change, the notifications it coalesced, and whether its
// final state equals Redis's (every lock with the holder Redis holds). `cmake --build DIR
// --target bench_watch_churn`; arguments: [LOCKS] [SECONDS per rate] [RATE...].
#include "WatchChurnRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace lockscope;

namespace {

// Token locks as redis-py writes them: `SET name token PX ttl`, a new token at every change.
class TokenChurn : public test::ChurnWorkload
{
public:
    explicit TokenChurn(int locks)
        : m_locks(locks)
    {
    }

    Status populate(RedisConnection& writer) override
    {
        for (int first = 0; first < m_locks; first += 1000) {
            std::vector<RedisCommand> sets;
            for (int i = first; i < std::min(m_locks, first + 1000); ++i)
                sets.push_back(set(i, test::LockFormats::randomHex(32)).command);
            auto written = writer.pipeline(sets);
            if (!written)
                return written.error();
        }
        return Done {};
    }

    test::ChurnChange next(std::mt19937& random) override
    {
        return set(
            std::uniform_int_distribution<int>(0, m_locks - 1)(random), test::LockFormats::randomHex(32));
    }

    std::string stateOf(const LockSnapshot& lock) const override
    {
        return lock.holders.empty() ? std::string() : lock.holders.front().owner;
    }

    Result<std::map<std::string, std::string>> stateInRedis(RedisConnection& reader) const override
    {
        std::vector<RedisCommand> gets;
        for (int i = 0; i < m_locks; ++i)
            gets.push_back({"GET", lockName(i)});
        auto values = reader.pipeline(gets);
        if (!values)
            return values.error();
        std::map<std::string, std::string> state;
        for (int i = 0; i < m_locks; ++i) {
            if ((*values)[size_t(i)].isString())
                state[lockName(i)] = (*values)[size_t(i)].text();
        }
        return state;
    }

private:
    static std::string lockName(int i) { return "lock:churn:" + std::to_string(i); }
    static test::ChurnChange set(int i, std::string token)
    {
        return {{"SET", lockName(i), token, "PX", "600000"}, lockName(i), token};
    }

    int m_locks;
};

} // namespace

int main(int argc, char** argv)
{
    const int locks = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int seconds = argc > 2 ? std::atoi(argv[2]) : 5;
    std::vector<int> rates;
    for (int i = 3; i < argc; ++i)
        rates.push_back(std::atoi(argv[i]));
    if (rates.empty())
        rates = {1000, 5000, 20000, 50000};
    auto server = test::startServer(); // notify-keyspace-events KEA
    if (!server) {
        std::printf("cannot measure: no redis-server\n");
        return 1;
    }
    std::printf("Watcher under churn: %d live token locks, holders changed at random, %d s per rate\n", locks,
        seconds);
    test::printChurnHeader();
    for (int rate : rates) {
        TokenChurn workload(locks);
        test::printChurnRow(rate, test::runChurn(*server, workload, rate, seconds));
    }
    std::printf(
        "goal: 50,000 changes/s with lag p99 < 50 ms, <= 20 us CPU an event, the final state right\n");
    return 0;
}
