// Benchmark, not a test: what watching costs a busy server. One redis-server (loopback, free port)
// takes unrelated writes at its highest rate from `redis-benchmark -c 20 -t set -r 1000000`
// (keys no lock library would use, no TTL), and the bench prints side by side, in one run:
// - the server's SET throughput and the writers' p99 with nobody subscribed, with
//   `redis-cli psubscribe '__keyspace@*__:*'` and with LockScope's watcher;
// - the commands the watcher sent per unrelated write (INFO commandstats, the bench's own polls
//   taken out);
// - the watcher's CPU per notification against redis-cli's;
// - the subscription's largest output buffer (CLIENT LIST TYPE pubsub, omem, polled every 20 ms);
// - how late a new token lock under an ordinary name (redis-py's uuid1 token, `SET NX PX`)
//   written in the middle of the flood is reported by the watcher;
// - what each notification class costs the server with nobody subscribed.
// `cmake --build DIR --target bench_footprint`; arguments: [WRITES per phase] [CLIENTS] [ROUNDS]
// [subscribers: the first table only].
#include "inspect/LockInspector.h"
#include "inspect/LockNaming.h"
#include "inspect/watch/LockWatcher.h"
#include "support/BenchMeasures.h"
#include "support/RedisTestServer.h"

#include "common/CancellationToken.h"
#include "common/WallClock.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {

struct Flood
{
    double perSecond = 0;
    double p99Ms = 0;
};

// redis-benchmark's CSV line for SET: "SET","rps","avg","min","p50","p95","p99","max".
std::optional<Flood> flood(int port, long long writes, int clients, const std::string& test = "set")
{
    const std::string command = "redis-benchmark -h 127.0.0.1 -p " + std::to_string(port) + " -c "
        + std::to_string(clients) + " -n " + std::to_string(writes) + " -t " + test
        + " -r 1000000 -d 16 --csv 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return std::nullopt;
    std::string output;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe))
        output += buffer;
    ::pclose(pipe);
    std::string upper = test;
    for (char& c : upper)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    const auto at = output.find("\"" + upper + "\",");
    if (at == std::string::npos) {
        std::printf("redis-benchmark said: %s\n", output.c_str());
        return std::nullopt;
    }
    std::vector<double> fields;
    size_t from = at + upper.size() + 3;
    while (from < output.size() && output[from] != '\n') {
        const size_t open = output.find('"', from);
        const size_t close = output.find('"', open + 1);
        if (open == std::string::npos || close == std::string::npos)
            break;
        fields.push_back(std::strtod(output.c_str() + open + 1, nullptr));
        from = close + 1;
        if (from < output.size() && output[from] == ',')
            ++from;
    }
    if (fields.size() < 6)
        return std::nullopt;
    return Flood {fields[0], fields[5]};
}

// Sum of `calls=` over INFO commandstats, and the calls of one command.
std::map<std::string, long long> commandCalls(RedisConnection& connection)
{
    std::map<std::string, long long> calls;
    auto stats = connection.command({"INFO", "commandstats"});
    if (!stats || !stats->isString())
        return calls;
    const std::string& text = stats->text();
    size_t at = 0;
    while ((at = text.find("cmdstat_", at)) != std::string::npos) {
        const size_t colon = text.find(':', at);
        const size_t value = text.find("calls=", colon);
        if (colon == std::string::npos || value == std::string::npos)
            break;
        long long n = 0;
        std::from_chars(text.data() + value + 6, text.data() + text.size(), n);
        calls[text.substr(at + 8, colon - at - 8)] = n;
        at = value;
    }
    return calls;
}

long long totalExcept(const std::map<std::string, long long>& before,
    const std::map<std::string, long long>& after, const std::vector<std::string>& excluded)
{
    long long total = 0;
    for (const auto& [name, n] : after) {
        if (std::find(excluded.begin(), excluded.end(), name) != excluded.end())
            continue;
        auto was = before.find(name);
        total += n - (was == before.end() ? 0 : was->second);
    }
    return total;
}

long long field(const std::string& line, const std::string& name)
{
    const auto at = line.find(" " + name + "=");
    if (at == std::string::npos)
        return 0;
    long long n = 0;
    std::from_chars(line.data() + at + name.size() + 2, line.data() + line.size(), n);
    return n;
}

// Polls the pub/sub clients' output buffers every 20 ms on its own connection; counts its polls.
class BufferPoller
{
public:
    explicit BufferPoller(RedisServerProcess& server)
        : m_connection(test::connectTo(server))
    {
        m_thread = std::thread([this] {
            const double before = test::threadCpuSeconds();
            while (!m_stop) {
                auto list = m_connection->command({"CLIENT", "LIST", "TYPE", "pubsub"});
                ++m_polls;
                if (list && list->isString()) {
                    const std::string& text = list->text();
                    size_t from = 0;
                    while (from < text.size()) {
                        size_t end = text.find('\n', from);
                        if (end == std::string::npos)
                            end = text.size();
                        const std::string line = " " + text.substr(from, end - from);
                        m_largestOmem = std::max(m_largestOmem.load(), field(line, "omem"));
                        m_largestTotMem = std::max(m_largestTotMem.load(), field(line, "tot-mem"));
                        from = end + 1;
                    }
                }
                std::this_thread::sleep_for(20ms);
            }
            m_cpu = test::threadCpuSeconds() - before;
        });
    }
    ~BufferPoller() { stop(); }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    long long polls() const { return m_polls; }
    long long largestOmem() const { return m_largestOmem; }
    double cpu() const { return m_cpu; }

private:
    std::unique_ptr<RedisConnection> m_connection;
    std::thread m_thread;
    std::atomic<bool> m_stop {false};
    std::atomic<long long> m_polls {0};
    std::atomic<long long> m_largestOmem {0};
    std::atomic<long long> m_largestTotMem {0};
    double m_cpu = 0;
};

double processCpuSelf()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

struct Row
{
    std::string subscriber;
    Flood flood;
    long long sets = 0;
    long long otherCommands = 0;
    double cpuSeconds = -1;
    long long largestOmem = 0;
    std::optional<double> newLockSeenMs;
    WatchStats stats;
};

void printRow(const Row& row)
{
    std::printf("%-22s %10.0f %8.2f", row.subscriber.c_str(), row.flood.perSecond, row.flood.p99Ms);
    if (row.otherCommands >= 0 && row.sets > 0)
        std::printf(" %12.4f", double(row.otherCommands) / double(row.sets));
    else
        std::printf(" %12s", "-");
    if (row.cpuSeconds >= 0 && row.sets > 0)
        std::printf(" %10.2f", row.cpuSeconds * 1e6 / double(row.sets));
    else
        std::printf(" %10s", "-");
    std::printf(" %12.1f", double(row.largestOmem) / 1024.0);
    if (row.newLockSeenMs)
        std::printf(" %10.0f", *row.newLockSeenMs);
    else
        std::printf(" %10s", "-");
    std::printf("\n");
}

// The other commands are everything but the flood's SETs and the bench's own polls.
const std::vector<std::string> notTheWatchers {"set", "info", "config|set", "config|get", "config"};

Row measure(RedisServerProcess& server, RedisConnection& admin, const std::string& label, long long writes,
    int clients, const std::function<std::optional<double>()>& during = {})
{
    Row row;
    row.subscriber = label;
    const auto before = commandCalls(admin);
    BufferPoller poller(server);
    std::optional<double> seen;
    std::thread side;
    if (during)
        side = std::thread([&] { seen = during(); });
    auto result = flood(server.port(), writes, clients);
    if (side.joinable())
        side.join();
    poller.stop();
    const auto after = commandCalls(admin);
    if (result)
        row.flood = *result;
    row.sets = after.count("set") ? after.at("set") - (before.count("set") ? before.at("set") : 0) : 0;
    row.otherCommands = totalExcept(before, after, notTheWatchers) - poller.polls();
    row.largestOmem = poller.largestOmem();
    row.newLockSeenMs = seen;
    return row;
}

// The median row by throughput (the rounds alternate, so a busy moment of the machine hits one).
Row median(std::vector<Row> rows)
{
    std::sort(rows.begin(), rows.end(),
        [](const Row& a, const Row& b) { return a.flood.perSecond < b.flood.perSecond; });
    Row row = rows[rows.size() / 2];
    for (const Row& other : rows) {
        row.largestOmem = std::max(row.largestOmem, other.largestOmem);
        if (other.newLockSeenMs && (!row.newLockSeenMs || *other.newLockSeenMs > *row.newLockSeenMs))
            row.newLockSeenMs = other.newLockSeenMs; // the latest of the rounds
    }
    return row;
}

Row withRedisCli(RedisServerProcess& server, RedisConnection& admin, long long writes, int clients)
{
    const pid_t cli = ::fork();
    if (cli == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::execlp("redis-cli", "redis-cli", "-p", std::to_string(server.port()).c_str(), "psubscribe",
            "__keyspace@*__:*", nullptr);
        ::_exit(127);
    }
    std::this_thread::sleep_for(300ms);
    const double cpuBefore = test::processCpuSeconds(cli);
    Row row = measure(server, admin, "redis-cli psubscribe", writes, clients);
    std::this_thread::sleep_for(200ms); // what is still in its socket
    row.cpuSeconds = test::processCpuSeconds(cli) - cpuBefore;
    ::kill(cli, SIGTERM);
    ::waitpid(cli, nullptr, 0);
    return row;
}

// LockScope's watcher, in this process (its threads' CPU: the process's minus this thread's and
// the poller's, which measure themselves).
Row withWatcher(RedisServerProcess& server, RedisConnection& admin, long long writes, int clients, int round)
{
    auto reader = test::connectTo(server);
    auto subscriber = test::connectTo(server);
    LockWatcher watcher({{"n", reader.get(), subscriber.get(), {}}}, WatchOptions {});
    if (!watcher.start()) {
        std::printf("the watcher did not start\n");
        return {};
    }
    CancellationToken cancel;
    std::atomic<long long> appearedAtMs {0};
    const std::string lockName = "orders:nightly-export-" + std::to_string(round);
    std::thread watching([&] {
        (void)watcher.run(cancel, [&](const LockEvent& event) {
            if (event.type == LockEvent::Type::Appeared && event.lock->name == lockName)
                appearedAtMs = epochMillisNow();
        });
    });
    std::this_thread::sleep_for(300ms);
    auto writer = test::connectTo(server);
    const double cpuBefore = processCpuSelf();
    const double mainBefore = test::threadCpuSeconds();
    Row row = measure(server, admin, "LockScope watch", writes, clients, [&]() -> std::optional<double> {
        std::this_thread::sleep_for(1500ms); // in the middle of the flood
        const long long written = epochMillisNow();
        (void)writer->command({"SET", lockName, LockNaming::uuid1Hex(written), "NX", "PX", "60000"});
        // Up to 30 s, in case it only comes from a re-listing.
        for (int i = 0; i < 30000 && appearedAtMs == 0; ++i)
            std::this_thread::sleep_for(1ms);
        if (appearedAtMs == 0)
            return std::nullopt;
        return double(appearedAtMs - written);
    });
    std::this_thread::sleep_for(200ms);
    row.cpuSeconds = processCpuSelf() - cpuBefore - (test::threadCpuSeconds() - mainBefore);
    cancel.cancel();
    watching.join();
    row.stats = watcher.stats();
    return row;
}

// Other clients' GETs while a listing of the server's keys runs (paced to `share`, 0: not paced):
// their throughput and p99, and the listing's pace (keys a second).
void listingRow(RedisServerProcess& server, const char* label, double share, long long gets, int clients)
{
    std::atomic<size_t> seen {0};
    CancellationToken cancel;
    std::thread listing;
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::unique_ptr<RedisConnection> connection;
    std::vector<std::unique_ptr<RedisConnection>> readers;
    if (share >= 0) {
        connection = test::connectTo(server);
        for (int i = 0; i < 2; ++i)
            readers.push_back(test::connectTo(server));
        listing = std::thread([&] {
            InspectOptions options;
            options.scan.maxServerLoad = share;
            options.scan.cancel = &cancel;
            options.scan.progress = [&seen](const ScanProgress& progress) { seen = progress.keysSeen; };
            (void)LockInspector::inspect(
                {{"n", connection.get(), {readers[0].get(), readers[1].get()}}}, options);
        });
        std::this_thread::sleep_for(500ms);
    }
    const size_t seenBefore = seen;
    const auto before = std::chrono::steady_clock::now();
    auto result = flood(server.port(), gets, clients, "get");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
    const size_t seenDuring = seen - seenBefore;
    cancel.cancel();
    if (listing.joinable())
        listing.join();
    (void)started;
    std::printf("%-22s %10.0f %8.2f", label, result ? result->perSecond : 0, result ? result->p99Ms : 0);
    if (share >= 0)
        std::printf(" %12.0f keys/s (1,000,000 keys in %.0f s)", double(seenDuring) / seconds,
            seenDuring > 0 ? 1e6 * seconds / double(seenDuring) : 0.0);
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv)
{
    const long long writes = argc > 1 ? std::atoll(argv[1]) : 300000;
    const int clients = argc > 2 ? std::atoi(argv[2]) : 20;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 3;
    // "subscribers": only the side-by-side of nobody, redis-cli and the watcher.
    const bool everything = argc <= 4 || std::string(argv[4]) != "subscribers";
    ::signal(SIGPIPE, SIG_IGN);
    auto server = test::startServer(); // notify-keyspace-events KEA
    if (!server) {
        std::printf("cannot measure: no redis-server\n");
        return 1;
    }
    auto admin = test::connectTo(*server);
    std::printf("Footprint: %lld unrelated SETs per phase (redis-benchmark -c %d -t set -r 1000000), "
                "%d alternating rounds, the median shown; notify-keyspace-events KEA\n",
        writes, clients, rounds);
    std::printf("%-22s %10s %8s %12s %10s %12s %10s\n", "subscriber", "SET/s", "p99 ms", "cmds/write",
        "CPU us/n", "omem KB max", "new lock ms");
    std::vector<Row> none, cli, watched;
    for (int round = 0; round < rounds; ++round) {
        none.push_back(measure(*server, *admin, "none (KEA)", writes, clients));
        cli.push_back(withRedisCli(*server, *admin, writes, clients));
        watched.push_back(withWatcher(*server, *admin, writes, clients, round));
    }
    const Row idle = median(none);
    const Row redisCli = median(cli);
    const Row lockscope = median(watched);
    for (const Row* row : {&idle, &redisCli, &lockscope})
        printRow(*row);
    std::printf(
        "  watcher (median round): %lld notifications, %lld ignored, %lld re-reads, %lld unknown keys read, "
        "%lld skipped\n",
        lockscope.stats.notifications, lockscope.stats.ignored, lockscope.stats.rereads,
        lockscope.stats.unknownKeysRead, lockscope.stats.skipped);
    std::printf("\nthroughput watched / redis-cli: %.1f%% (goal >= 95%%); CPU per notification vs redis-cli: "
                "%.2fx (goal <= 1.5x); watched / nobody: %.1f%%\n",
        100.0 * lockscope.flood.perSecond / std::max(1.0, redisCli.flood.perSecond),
        lockscope.cpuSeconds / std::max(1e-9, redisCli.cpuSeconds),
        100.0 * lockscope.flood.perSecond / std::max(1.0, idle.flood.perSecond));

    if (!everything)
        return 0;
    // What each notification class costs the server, nobody subscribed.
    std::printf("\nNotification classes, nobody subscribed (median of %d rounds):\n", rounds);
    const std::vector<std::string> classes {"", "Kg$hlzx", "K$", "KA", "KEA"};
    std::map<std::string, std::vector<Row>> byClass;
    for (int round = 0; round < rounds; ++round) {
        for (const auto& flags : classes) {
            (void)admin->command({"CONFIG", "SET", "notify-keyspace-events", flags});
            byClass[flags].push_back(measure(*server, *admin, "'" + flags + "'", writes, clients));
        }
    }
    for (const auto& flags : classes)
        printRow(median(byClass[flags]));
    (void)admin->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"});

    // A listing of 1,000,000 keys beside other clients' GETs.
    std::printf(
        "\nOther clients' GETs (redis-benchmark -c %d -t get) while 1,000,000 keys are listed:\n", clients);
    for (int first = 0; first < 1000000; first += 100000)
        (void)admin->command({"EVAL",
            "for i = ARGV[1], ARGV[1] + 99999 do redis.call('set', 'cache:item:' .. i, 'value-' .. i) end",
            "0", std::to_string(first)});
    std::printf("%-22s %10s %8s\n", "listing", "GET/s", "p99 ms");
    for (int round = 0; round < rounds; ++round) {
        listingRow(*server, "none", -1, writes, clients);
        listingRow(*server, "unpaced", 0, writes, clients);
        listingRow(*server, "--max-server-load 10%", 0.1, writes, clients);
    }
    double load[3] = {0, 0, 0};
    if (::getloadavg(load, 3) == 3)
        std::printf("load average: %.2f %.2f %.2f\n", load[0], load[1], load[2]);
    return 0;
}
