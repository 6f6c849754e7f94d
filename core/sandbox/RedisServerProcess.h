#pragma once

#include "common/Result.h"
#include "sandbox/SpawnedProcess.h"

#include <chrono>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace lockscope {

struct RedisServerConfig
{
    std::string executable = "redis-server"; // looked up in PATH
    int port = 0; // 0: pick a free loopback port
    // Listen on `port` without TLS; false for TLS-only servers (then tls-port is in extraArgs
    // and `port` is only used to wait for readiness).
    bool plainPort = true;
    bool keyspaceNotifications = true; // notify-keyspace-events KEA, as the inspector wants
    bool unixSocket = true; // also listen on <workDir>/redis.sock
    bool sentinel = false; // run as a sentinel (needs configText)
    std::string configText; // written to <workDir>/redis.conf and passed first
    std::vector<std::string> extraArgs; // e.g. {"--requirepass", "x"}
    std::chrono::milliseconds startTimeout {10000};
};

// A private redis-server child process on 127.0.0.1: the sandbox of the GUI and the CLI, and
// the servers of the tests. It never outlives its parent: the child asks the kernel for
// SIGTERM when the thread that started it dies (PR_SET_PDEATHSIG), so start it from a thread
// that lives as long as the server should (the main thread, or the test's).
class RedisServerProcess
{
public:
    static Result<std::unique_ptr<RedisServerProcess>> start(RedisServerConfig config);
    // The embedded default: notifications on, no persistence, a fresh temporary directory.
    static Result<std::unique_ptr<RedisServerProcess>> startSandbox();
    ~RedisServerProcess();
    RedisServerProcess(const RedisServerProcess&) = delete;
    RedisServerProcess& operator=(const RedisServerProcess&) = delete;

    int port() const { return m_config.port; }
    pid_t pid() const { return m_process.pid(); }
    bool isRunning() const;
    std::string url() const; // redis://127.0.0.1:<port>
    std::string unixSocketPath() const;
    const std::string& workDir() const { return m_workDir; }
    std::string logTail(size_t maxBytes = 2000) const;

    // SIGTERM, then SIGKILL after a grace period; waits for the process either way.
    void stop();
    // SIGKILL at once: a crash, for tests.
    void kill();
    // Starts again on the same port and directory (after stop() or kill()).
    Status restart();
    // Server arguments for the next start (restart()), after the ones it was started with: a
    // restart drill turns an AOF on this way before its run.
    void addArguments(const std::vector<std::string>& args);
    // Deletes the files a restart would load the data from (the RDB and the AOF, with Redis 7's
    // AOF directory): after kill(), restart() then comes up empty, like a server without
    // persistence.
    void forgetData();

private:
    explicit RedisServerProcess(RedisServerConfig config, std::string workDir);
    Status launch();
    Status waitUntilReady();

    RedisServerConfig m_config;
    std::string m_workDir;
    SpawnedProcess m_process;
};

} // namespace lockscope
