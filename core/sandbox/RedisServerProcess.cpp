#include "sandbox/RedisServerProcess.h"

#include "redis/SocketTransport.h"
#include "sandbox/FreePort.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace lockscope {

namespace {

std::string findExecutable(const std::string& name)
{
    if (name.find('/') != std::string::npos)
        return access(name.c_str(), X_OK) == 0 ? name : std::string();
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    dirs += ":/usr/sbin:/sbin";
    std::stringstream stream(dirs);
    std::string dir;
    while (std::getline(stream, dir, ':')) {
        if (dir.empty())
            continue;
        const std::string candidate = dir + "/" + name;
        if (access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

Result<std::string> makeWorkDir()
{
    std::string pattern = (std::filesystem::temp_directory_path() / "lockscope-redis-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        return makeError(
            ErrorKind::Internal, std::string("cannot create a temporary directory: ") + std::strerror(errno));
    return pattern;
}

} // namespace

RedisServerProcess::RedisServerProcess(RedisServerConfig config, std::string workDir)
    : m_config(std::move(config))
    , m_workDir(std::move(workDir))
{
}

RedisServerProcess::~RedisServerProcess()
{
    stop();
    std::error_code ignored;
    std::filesystem::remove_all(m_workDir, ignored);
}

Result<std::unique_ptr<RedisServerProcess>> RedisServerProcess::startSandbox()
{
    RedisServerConfig config;
    config.extraArgs = {"--maxmemory", "256mb", "--maxmemory-policy", "noeviction"};
    return start(config);
}

Result<std::unique_ptr<RedisServerProcess>> RedisServerProcess::start(RedisServerConfig config)
{
    const std::string executable = findExecutable(config.executable);
    if (executable.empty())
        return makeError(ErrorKind::NotFound,
            "'" + config.executable + "' not found in PATH (on Debian: apt-get install redis-server)");
    config.executable = executable;
    auto workDir = makeWorkDir();
    if (!workDir)
        return workDir.error();

    const bool pickPort = config.port == 0;
    RedisError lastError = makeError(ErrorKind::Internal, "redis-server did not start");
    // A picked port may be taken by someone else before the server binds it: try a few.
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (pickPort)
            config.port = pickFreePort();
        std::unique_ptr<RedisServerProcess> server(new RedisServerProcess(config, *workDir));
        auto launched = server->launch();
        if (launched)
            return server;
        lastError = launched.error();
        server->m_workDir.clear(); // keep the directory for the next attempt
        if (!pickPort)
            break;
    }
    std::error_code ignored;
    std::filesystem::remove_all(*workDir, ignored);
    return lastError;
}

Status RedisServerProcess::launch()
{
    std::vector<std::string> args {m_config.executable};
    if (!m_config.configText.empty()) {
        const std::string configPath = m_workDir + "/redis.conf";
        std::ofstream(configPath) << m_config.configText;
        args.push_back(configPath);
    }
    if (m_config.sentinel)
        args.push_back("--sentinel");
    const std::string portArg = std::to_string(m_config.port);
    args.insert(args.end(),
        {"--port", m_config.plainPort ? portArg : "0", "--bind", "127.0.0.1", "--dir", m_workDir, "--logfile",
            m_workDir + "/redis.log", "--daemonize", "no"});
    if (!m_config.sentinel) {
        args.insert(args.end(), {"--save", "", "--appendonly", "no"});
        if (m_config.unixSocket)
            args.insert(args.end(), {"--unixsocket", unixSocketPath(), "--unixsocketperm", "700"});
        if (m_config.keyspaceNotifications)
            args.insert(args.end(), {"--notify-keyspace-events", "KEA"});
    }
    args.insert(args.end(), m_config.extraArgs.begin(), m_config.extraArgs.end());

    auto process = SpawnedProcess::start(args, {});
    if (!process)
        return process.error();
    m_process = *process;
    auto ready = waitUntilReady();
    if (!ready) {
        kill();
        return ready.error();
    }
    return Done {};
}

Status RedisServerProcess::waitUntilReady()
{
    const auto deadline = Clock::now() + m_config.startTimeout;
    while (Clock::now() < deadline) {
        if (!isRunning())
            return makeError(ErrorKind::ConnectionRefused,
                "redis-server on port " + std::to_string(m_config.port)
                    + " exited during start-up: " + logTail(600));
        auto socket = SocketTransport::connectTcp(
            "127.0.0.1", m_config.port, Clock::now() + std::chrono::milliseconds(200));
        if (socket && (m_config.plainPort || m_config.sentinel)) {
            // Accepting connections is not enough: a server that is still loading answers -LOADING.
            const char ping[] = "*1\r\n$4\r\nPING\r\n";
            char reply[64];
            if ((*socket)->writeAll(ping, sizeof(ping) - 1, Clock::now() + std::chrono::milliseconds(500))) {
                auto n = (*socket)->readSome(
                    reply, sizeof(reply), Clock::now() + std::chrono::milliseconds(500));
                // +PONG, or -NOAUTH on a server with a password: either way it serves commands.
                if (n && *n >= 1 && !std::string_view(reply, *n).starts_with("-LOADING"))
                    return Done {};
            }
        } else if (socket) {
            return Done {};
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return makeError(
        ErrorKind::Timeout, "redis-server did not become ready on port " + std::to_string(m_config.port));
}

bool RedisServerProcess::isRunning() const
{
    return m_process.isRunning();
}

std::string RedisServerProcess::url() const
{
    return "redis://127.0.0.1:" + std::to_string(m_config.port);
}

std::string RedisServerProcess::unixSocketPath() const
{
    return m_workDir + "/redis.sock";
}

std::string RedisServerProcess::logTail(size_t maxBytes) const
{
    std::ifstream log(m_workDir + "/redis.log");
    std::stringstream contents;
    contents << log.rdbuf();
    std::string text = contents.str();
    if (text.size() > maxBytes)
        text = text.substr(text.size() - maxBytes);
    return text;
}

void RedisServerProcess::stop()
{
    m_process.stop(SIGTERM, std::chrono::milliseconds(5000));
}

void RedisServerProcess::kill()
{
    m_process.stop(SIGKILL, std::chrono::milliseconds(5000));
}

Status RedisServerProcess::restart()
{
    stop();
    return launch();
}

void RedisServerProcess::addArguments(const std::vector<std::string>& args)
{
    m_config.extraArgs.insert(m_config.extraArgs.end(), args.begin(), args.end());
}

void RedisServerProcess::forgetData()
{
    // The default names (the sandbox and the tests never change them): appendonly.aof was the
    // AOF itself before Redis 7 and is the base name inside appendonlydir since.
    std::error_code ignored;
    for (const char* name : {"dump.rdb", "appendonly.aof", "appendonlydir"})
        std::filesystem::remove_all(std::filesystem::path(m_workDir) / name, ignored);
}

} // namespace lockscope
