#pragma once

#include "common/Result.h"
#include "sandbox/SpawnedProcess.h"

#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace lockscope::test {

// A private PostgreSQL 15 (Debian's postgresql-15: /usr/lib/postgresql/15/bin) for one suite:
// initdb into a fresh temporary directory, postgres on a free loopback port, stopped by PID (and
// by the kernel if the test process dies first). As root it runs as `nobody` (PostgreSQL refuses
// to run as root), in a directory that user owns. Superuser `postgres` logs in without a
// password from loopback; every other user needs its password (scram-sha-256).
class PostgresTestServer
{
public:
    // nullptr (with a warning saying why, and the server's log) when it could not start.
    static std::unique_ptr<PostgresTestServer> start();
    ~PostgresTestServer();
    PostgresTestServer(const PostgresTestServer&) = delete;
    PostgresTestServer& operator=(const PostgresTestServer&) = delete;

    int port() const { return m_port; }
    pid_t pid() const { return m_process.pid(); }
    // postgresql://user@127.0.0.1:<port>/database
    std::string url(const std::string& database, const std::string& user = "postgres") const;
    // Runs `sql` (one or more statements) in `database` as the superuser.
    Status execute(const std::string& sql, const std::string& database = "postgres") const;
    // A value of the first row of `sql` as text ("" without rows).
    Result<std::string> scalar(const std::string& sql, const std::string& database = "postgres") const;
    // A fresh empty database owned by `owner` (a user created with `password` if not "postgres").
    Status createDatabase(const std::string& name, const std::string& owner = "postgres",
        const std::string& password = "secret") const;

    // A fast shutdown (SIGINT), waiting for the process; then start again on the same port.
    void stop();
    Status restart();
    std::string logTail() const;

private:
    PostgresTestServer() = default;
    Status launch();
    Status waitUntilReady();
    // Runs as the directory's owner, its output appended to `log`.
    SpawnedProcess::Options asOwner(const std::string& log) const;
    Status runAsOwner(const std::vector<std::string>& command) const;

    std::string m_directory; // holds data/ and the log; removed on destruction
    int m_port = 0;
    SpawnedProcess m_process;
    uid_t m_uid = 0; // who runs it
    gid_t m_gid = 0;
};

} // namespace lockscope::test
