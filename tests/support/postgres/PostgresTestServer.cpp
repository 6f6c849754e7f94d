#include "support/postgres/PostgresTestServer.h"

#include "history/postgres/PostgresConnection.h"
#include "sandbox/FreePort.h"

#include <QtTest>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <pwd.h>
#include <sstream>
#include <thread>
#include <unistd.h>
#include <vector>

namespace lockscope::test {

namespace {

// Debian's packaged server, never a hand-installed one earlier in PATH.
const std::string binaries = "/usr/lib/postgresql/15/bin/";

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

std::unique_ptr<PostgresTestServer> PostgresTestServer::start()
{
    std::unique_ptr<PostgresTestServer> server(new PostgresTestServer());
    std::string pattern = (std::filesystem::temp_directory_path() / "lockscope-pg-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
        qWarning("PostgreSQL: no temporary directory: %s", std::strerror(errno));
        return nullptr;
    }
    server->m_directory = pattern;
    server->m_uid = geteuid();
    server->m_gid = getegid();
    if (server->m_uid == 0) {
        const passwd* nobody = getpwnam("nobody");
        if (!nobody) {
            qWarning("PostgreSQL: running as root and there is no user nobody to run it as");
            return nullptr;
        }
        server->m_uid = nobody->pw_uid;
        server->m_gid = nobody->pw_gid;
        if (chown(pattern.c_str(), server->m_uid, server->m_gid) != 0) {
            qWarning("PostgreSQL: cannot give %s to nobody: %s", pattern.c_str(), std::strerror(errno));
            return nullptr;
        }
    }
    const std::string data = server->m_directory + "/data";
    if (auto made = server->runAsOwner({binaries + "initdb", "-D", data, "-U", "postgres", "-A", "trust",
            "--no-sync", "-E", "UTF8", "--locale=C"});
        !made) {
        qWarning("PostgreSQL: %s", made.error().message.c_str());
        return nullptr;
    }
    // Loopback only: the superuser without a password (the fixture's own), everyone else with one.
    {
        std::ofstream hba(data + "/pg_hba.conf", std::ios::trunc);
        hba << "local all postgres trust\n"
               "host all postgres 127.0.0.1/32 trust\n"
               "host all all 127.0.0.1/32 scram-sha-256\n";
    }
    server->m_port = pickFreePort();
    if (auto launched = server->launch(); !launched) {
        qWarning("PostgreSQL: %s\n%s", launched.error().message.c_str(), server->logTail().c_str());
        return nullptr;
    }
    return server;
}

PostgresTestServer::~PostgresTestServer()
{
    stop();
    if (!m_directory.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(m_directory, ignored);
    }
}

SpawnedProcess::Options PostgresTestServer::asOwner(const std::string& log) const
{
    return {log, std::make_pair(m_uid, m_gid)};
}

Status PostgresTestServer::runAsOwner(const std::vector<std::string>& command) const
{
    auto process = SpawnedProcess::start(command, asOwner(m_directory + "/initdb.log"));
    if (!process)
        return process.error();
    if (!process->waitForSuccess())
        return makeError(
            ErrorKind::Internal, command.front() + " failed: " + readFile(m_directory + "/initdb.log"));
    return Done {};
}

Status PostgresTestServer::launch()
{
    // Durability off: the tests' data is thrown away, and a suite stays quick.
    auto process = SpawnedProcess::start(
        {binaries + "postgres", "-D", m_directory + "/data", "-p", std::to_string(m_port), "-h", "127.0.0.1",
            "-k", m_directory, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c",
            "full_page_writes=off", "-c", "max_connections=40", "-c", "shared_buffers=32MB"},
        asOwner(m_directory + "/postgres.log"));
    if (!process)
        return process.error();
    m_process = *process;
    return waitUntilReady();
}

Status PostgresTestServer::waitUntilReady()
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        if (!m_process.isRunning())
            return makeError(ErrorKind::ConnectionRefused, "postgres exited during start-up");
        if (PostgresConnection::connect(url("postgres"), ""))
            return Done {};
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return makeError(ErrorKind::Timeout, "postgres did not accept connections within 20 s");
}

void PostgresTestServer::stop()
{
    // SIGINT, fast shutdown: clients are disconnected at once.
    m_process.stop(SIGINT, std::chrono::seconds(15));
}

Status PostgresTestServer::restart()
{
    stop();
    return launch();
}

std::string PostgresTestServer::logTail() const
{
    const std::string log = readFile(m_directory + "/postgres.log");
    return log.size() > 2000 ? log.substr(log.size() - 2000) : log;
}

std::string PostgresTestServer::url(const std::string& database, const std::string& user) const
{
    return "postgresql://" + user + "@127.0.0.1:" + std::to_string(m_port) + "/" + database;
}

Status PostgresTestServer::execute(const std::string& sql, const std::string& database) const
{
    auto connection = PostgresConnection::connect(url(database), "");
    if (!connection)
        return connection.error();
    return connection->execute(sql);
}

Result<std::string> PostgresTestServer::scalar(const std::string& sql, const std::string& database) const
{
    auto connection = PostgresConnection::connect(url(database), "");
    if (!connection)
        return connection.error();
    auto rows = connection->query(sql);
    if (!rows)
        return rows.error();
    return rows->rows() > 0 ? rows->text(0, 0) : std::string();
}

Status PostgresTestServer::createDatabase(
    const std::string& name, const std::string& owner, const std::string& password) const
{
    if (owner != "postgres") {
        auto exists = scalar("SELECT 1 FROM pg_roles WHERE rolname = '" + owner + "'");
        if (!exists)
            return exists.error();
        if (exists->empty()) {
            if (auto made = execute("CREATE ROLE \"" + owner + "\" LOGIN PASSWORD '" + password + "'"); !made)
                return made;
        }
    }
    return execute("CREATE DATABASE \"" + name + "\" OWNER \"" + owner + "\"");
}

} // namespace lockscope::test
