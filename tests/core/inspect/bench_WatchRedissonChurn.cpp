// Benchmark, not a test: the watcher under churn of Redisson locks with waiters. Half the locks
// are RLocks whose holders re-enter (the hold count climbs to 3) and then hand over to a new
// holder; half are RFairLocks with a queue of waiters (its list and timeout sorted set) that a
// waiter joins, or whose holder leaves and the first waiter takes over, each change one Lua
// script as Redisson's own are. The bench prints the watcher's lag (from the script's reply to
// the event showing its state) p50/p99, its thread's CPU per reported change, and whether its
// final state (holders, hold counts, waiter queues) equals what Redis holds, read from Redis
// directly. `cmake --build DIR --target bench_watch_redisson_churn`; arguments: [LOCKS]
// [SECONDS per rate] [RATE...].
#include "WatchChurnRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <vector>

using namespace lockscope;

namespace {

// KEYS: the lock hash. ARGV: the lease, the holder to leave (may be ""), the holder to take
// or re-enter. Re-entering is HINCRBY on the holder's own field, a handover a new field.
const char* const reentrantChange = R"(
if ARGV[2] ~= '' then redis.call('del', KEYS[1]) end
redis.call('hincrby', KEYS[1], ARGV[3], 1)
redis.call('pexpire', KEYS[1], ARGV[1])
return 1)";

// KEYS: the lock hash, its queue, its timeout zset. ARGV: the lease, 'join' or 'handover', the
// waiter joining or the holder leaving, the joiner's deadline. A handover gives the lock to the
// queue's first waiter, as Redisson's fair unlock and that waiter's next attempt do.
const char* const fairChange = R"(
if ARGV[2] == 'join' then
  redis.call('rpush', KEYS[2], ARGV[3])
  redis.call('zadd', KEYS[3], ARGV[4], ARGV[3])
  return 1
end
local first = redis.call('lpop', KEYS[2])
redis.call('zrem', KEYS[3], first)
redis.call('del', KEYS[1])
redis.call('hset', KEYS[1], first, 1)
redis.call('pexpire', KEYS[1], ARGV[1])
return 1)";

const std::string lease = "600000";

class RedissonChurn : public test::ChurnWorkload
{
public:
    RedissonChurn(int locks, long long serverNowMs)
        : m_deadline(std::to_string(serverNowMs + 600000))
    {
        m_reentrant.resize(size_t(locks / 2));
        m_fair.resize(size_t(locks - locks / 2));
    }

    Status populate(RedisConnection& writer) override
    {
        std::vector<RedisCommand> commands;
        for (size_t i = 0; i < m_reentrant.size(); ++i) {
            m_reentrant[i] = {newHolder(), 1};
            commands.push_back(
                {"EVAL", reentrantChange, "1", reentrantName(i), lease, "", m_reentrant[i].holder});
        }
        for (size_t i = 0; i < m_fair.size(); ++i) {
            const std::string first = newHolder();
            m_fair[i].holder = newHolder();
            m_fair[i].queue = {first};
            commands.push_back({"EVAL", fairChange, "3", fairName(i), queueOf(fairName(i)),
                timeoutOf(fairName(i)), lease, "join", m_fair[i].holder, m_deadline});
            commands.push_back({"EVAL", fairChange, "3", fairName(i), queueOf(fairName(i)),
                timeoutOf(fairName(i)), lease, "handover", "", ""});
            commands.push_back({"EVAL", fairChange, "3", fairName(i), queueOf(fairName(i)),
                timeoutOf(fairName(i)), lease, "join", first, m_deadline});
        }
        for (size_t start = 0; start < commands.size(); start += 1000) {
            auto written = writer.pipeline(std::vector<RedisCommand>(commands.begin() + long(start),
                commands.begin() + long(std::min(commands.size(), start + 1000))));
            if (!written)
                return written.error();
            for (const auto& reply : *written) {
                if (reply.isError())
                    return makeError(ErrorKind::ServerError, reply.describe());
            }
        }
        return Done {};
    }

    test::ChurnChange next(std::mt19937& random) override
    {
        const size_t pick
            = std::uniform_int_distribution<size_t>(0, m_reentrant.size() + m_fair.size() - 1)(random);
        if (pick < m_reentrant.size()) {
            Reentrant& lock = m_reentrant[pick];
            std::string leaving;
            if (lock.count < 3) {
                ++lock.count;
            } else {
                leaving = lock.holder;
                lock = {newHolder(), 1};
            }
            return {{"EVAL", reentrantChange, "1", reentrantName(pick), lease, leaving, lock.holder},
                reentrantName(pick), state(lock.holder, lock.count, {})};
        }
        const size_t i = pick - m_reentrant.size();
        Fair& lock = m_fair[i];
        const std::string name = fairName(i);
        RedisCommand command {"EVAL", fairChange, "3", name, queueOf(name), timeoutOf(name), lease};
        if (lock.queue.size() < 2) {
            lock.queue.push_back(newHolder());
            command.insert(command.end(), {"join", lock.queue.back(), m_deadline});
        } else {
            command.insert(command.end(), {"handover", lock.holder, ""});
            lock.holder = lock.queue.front();
            lock.queue.pop_front();
        }
        return {std::move(command), name, state(lock.holder, 1, lock.queue)};
    }

    std::string stateOf(const LockSnapshot& lock) const override
    {
        std::vector<std::pair<std::string, long long>> holders;
        for (const auto& holder : lock.holders)
            holders.emplace_back(holder.owner, holder.count);
        std::deque<std::string> waiters;
        for (const auto& waiter : lock.waiters.get())
            waiters.push_back(waiter.owner);
        std::sort(holders.begin(), holders.end());
        std::string out;
        for (const auto& [owner, count] : holders)
            out += owner + "*" + std::to_string(count) + " ";
        return out + "| " + join(waiters);
    }

    Result<std::map<std::string, std::string>> stateInRedis(RedisConnection& reader) const override
    {
        std::vector<std::string> names;
        std::vector<RedisCommand> reads;
        auto readLock = [&](const std::string& name) {
            names.push_back(name);
            reads.push_back({"HGETALL", name});
            reads.push_back({"LRANGE", queueOf(name), "0", "-1"});
        };
        for (size_t i = 0; i < m_reentrant.size(); ++i)
            readLock(reentrantName(i));
        for (size_t i = 0; i < m_fair.size(); ++i)
            readLock(fairName(i));
        auto replies = reader.pipeline(reads);
        if (!replies)
            return replies.error();
        std::map<std::string, std::string> states;
        for (size_t i = 0; i < names.size(); ++i) {
            const RedisReply& hash = (*replies)[2 * i];
            const RedisReply& queue = (*replies)[2 * i + 1];
            if (!hash.isArray() || !queue.isArray() || hash.size() == 0)
                continue;
            std::vector<std::string> holders;
            for (size_t f = 0; f + 1 < hash.size(); f += 2)
                holders.push_back(hash.at(f).text() + "*" + hash.at(f + 1).text() + " ");
            std::sort(holders.begin(), holders.end());
            std::deque<std::string> waiters;
            for (const auto& waiter : queue.elements())
                waiters.push_back(waiter.text());
            std::string out;
            for (const auto& holder : holders)
                out += holder;
            states[names[i]] = out + "| " + join(waiters);
        }
        return states;
    }

private:
    struct Reentrant
    {
        std::string holder;
        long long count = 0;
    };
    struct Fair
    {
        std::string holder;
        std::deque<std::string> queue;
    };

    static std::string reentrantName(size_t i) { return "orders:lock:" + std::to_string(i); }
    static std::string fairName(size_t i) { return "payments:fairlock:" + std::to_string(i); }
    static std::string queueOf(const std::string& name) { return "redisson_lock_queue:{" + name + "}"; }
    static std::string timeoutOf(const std::string& name) { return "redisson_lock_timeout:{" + name + "}"; }
    static std::string join(const std::deque<std::string>& waiters)
    {
        std::string out;
        for (const auto& waiter : waiters)
            out += waiter + " ";
        return out;
    }
    static std::string state(const std::string& holder, long long count, const std::deque<std::string>& queue)
    {
        return holder + "*" + std::to_string(count) + " | " + join(queue);
    }
    // `<client uuid>:<thread id>`, a new thread id each time: no state repeats.
    std::string newHolder() { return test::LockFormats::clientA + ":" + std::to_string(++m_threads); }

    std::string m_deadline;
    std::vector<Reentrant> m_reentrant;
    std::vector<Fair> m_fair;
    long long m_threads = 0;
};

} // namespace

int main(int argc, char** argv)
{
    const int locks = argc > 1 ? std::max(2, std::atoi(argv[1])) : 2000;
    const int seconds = argc > 2 ? std::atoi(argv[2]) : 5;
    std::vector<int> rates;
    for (int i = 3; i < argc; ++i)
        rates.push_back(std::atoi(argv[i]));
    if (rates.empty())
        rates = {1000, 5000};
    auto server = test::startServer(); // notify-keyspace-events KEA
    auto clock = server ? test::connectTo(*server) : nullptr;
    if (!server || !clock) {
        std::printf("cannot measure: no redis-server\n");
        return 1;
    }
    std::printf("Watcher under churn: %d Redisson locks (half RLock re-entered and handed over, half "
                "RFairLock with waiters joining and taking over), %d s per rate\n",
        locks, seconds);
    test::printChurnHeader();
    for (int rate : rates) {
        RedissonChurn workload(locks, test::LockFormats::serverNowMs(*clock));
        test::printChurnRow(rate, test::runChurn(*server, workload, rate, seconds));
    }
    std::printf("goal: 5,000 changes/s with lag p99 < 50 ms, the final state right\n");
    return 0;
}
