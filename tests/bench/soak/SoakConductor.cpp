#include "SoakConductor.h"

#include "SoakResource.h"

#include "sandbox/RedisServerProcess.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace lockscope::soak {

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

pid_t spawnClient(const SoakConductor::Settings& s, int lockPort, int resourcePort, int index)
{
    std::vector<std::string> args {s.self, "client", std::to_string(lockPort), std::to_string(resourcePort),
        std::to_string(index), std::to_string(s.locks), std::to_string(s.leaseMs), s.kind};
    std::vector<char*> argv;
    for (auto& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); // never outlive the conductor
        if (getppid() != parent)
            _exit(127);
        execv(argv[0], argv.data());
        _exit(127);
    }
    return pid;
}

std::unique_ptr<RedisConnection> connectTo(int port)
{
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = port;
    options.commandTimeout = 10000ms;
    auto connection = RedisConnection::connect(options);
    return connection ? std::move(connection.value()) : nullptr;
}

} // namespace

int SoakConductor::run(const Settings& s)
{
    // The lock server's AOF in memory: a restart here is a process crash, not a machine's.
    if (std::filesystem::is_directory("/dev/shm"))
        setenv("TMPDIR", "/dev/shm", 1);
    RedisServerConfig lockConfig;
    lockConfig.keyspaceNotifications = false;
    lockConfig.extraArgs = {"--appendonly", "yes", "--appendfsync", "always"};
    auto lockServer = RedisServerProcess::start(lockConfig);
    RedisServerConfig resourceConfig;
    resourceConfig.keyspaceNotifications = false;
    auto resourceServer = RedisServerProcess::start(resourceConfig);
    if (!lockServer || !resourceServer) {
        std::printf("soak: cannot start the servers\n");
        return 2;
    }
    auto resource = connectTo((*resourceServer)->port());
    if (!resource) {
        std::printf("soak: cannot reach the resource server\n");
        return 2;
    }
    const int lockPort = (*lockServer)->port();
    const int resourcePort = (*resourceServer)->port();
    std::printf(
        "soak: %d client processes, %d %s locks, lease %d ms, until %lld sections or %lld s\n"
        "      a client killed (SIGKILL) every %lld ms, the lock server restarted (AOF, fsync always) "
        "every %lld ms,\n      pauses and partitions past the lease in 1 of 2000 sections each\n",
        s.clients, s.locks, s.kind.c_str(), s.leaseMs, s.sections, static_cast<long long>(s.limit.count()),
        static_cast<long long>(s.killEvery.count()), static_cast<long long>(s.restartEvery.count()));
    std::fflush(stdout);

    std::vector<pid_t> clients;
    for (int i = 0; i < s.clients; ++i)
        clients.push_back(spawnClient(s, lockPort, resourcePort, i));
    std::mt19937 random(12345);
    long long kills = 0;
    long long restarts = 0;
    long long spawned = s.clients;
    const auto started = Clock::now();
    auto nextKill = started + s.killEvery;
    auto nextRestart = started + s.restartEvery;
    auto nextReport = started + 10s;
    SoakResource::Totals totals;
    while (Clock::now() - started < s.limit) {
        std::this_thread::sleep_for(50ms);
        auto now = Clock::now();
        if (auto t = SoakResource::totals(*resource))
            totals = *t;
        if (totals.sections() >= s.sections)
            break;
        if (now >= nextKill) {
            const size_t victim = random() % clients.size();
            ::kill(clients[victim], SIGKILL);
            ::waitpid(clients[victim], nullptr, 0);
            clients[victim] = spawnClient(s, lockPort, resourcePort, static_cast<int>(spawned++));
            ++kills;
            nextKill = now + s.killEvery;
        }
        if (now >= nextRestart) {
            (*lockServer)->kill();
            if (auto restarted = (*lockServer)->restart(); !restarted) {
                std::printf(
                    "soak: the lock server did not come back: %s\n", restarted.error().message.c_str());
                break;
            }
            ++restarts;
            nextRestart = Clock::now() + s.restartEvery;
        }
        if (now >= nextReport) {
            std::printf("  [%4.0f s] %lld sections\n", std::chrono::duration<double>(now - started).count(),
                totals.sections());
            std::fflush(stdout);
            nextReport = now + 10s;
        }
    }
    const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    for (pid_t pid : clients)
        ::kill(pid, SIGTERM);
    for (pid_t pid : clients)
        ::waitpid(pid, nullptr, 0);
    if (auto t = SoakResource::totals(*resource))
        totals = *t;
    auto outOfOrder = SoakResource::acceptedOutOfOrder(*resource, s.locks);

    std::printf(
        "soak: %.1f s, %lld critical sections (%.0f /s): %lld writes accepted, %lld rejected by the fence\n",
        elapsed, totals.sections(), elapsed > 0 ? static_cast<double>(totals.sections()) / elapsed : 0.0,
        totals.accepted, totals.rejected);
    std::printf("      faults: %lld kills, %lld lock-server restarts, %lld pauses, %lld partitions\n", kills,
        restarts, totals.pauses, totals.partitions);
    if (!outOfOrder) {
        std::printf("soak: cannot read the accepted fences: %s\n", outOfOrder.error().message.c_str());
        return 2;
    }
    std::printf("      accepted writes out of fence order: %lld\n", *outOfOrder);
    const bool reached = totals.sections() >= s.sections;
    std::printf("soak: %s\n",
        *outOfOrder == 0 && reached ? "PASS"
            : *outOfOrder != 0      ? "FAIL (writes out of fence order)"
                                    : "INCOMPLETE (the time limit came first)");
    return *outOfOrder == 0 && reached ? 0 : 1;
}

} // namespace lockscope::soak
