#pragma once

#include "common/Result.h"
#include "history/postgres/PostgresParams.h"
#include "history/postgres/PostgresResult.h"

#include <string>
#include <string_view>

struct pg_conn;
struct pg_result;

namespace lockscope {

// One libpq connection to a history database, closed on destruction. Failures come back as
// errors in one line that names the database and the reason, with a kind the CLI turns into
// its exit code: unreachable (refused, unknown host, missing database, lost), permission
// (password, privileges), usage (a malformed URL or a password in it).
class PostgresConnection
{
public:
    // `url`: postgresql://[user@]host[:port]/dbname[?param=value...]. `password` empty: libpq's
    // own sources (PGPASSWORD, ~/.pgpass, PGPASSFILE).
    static Result<PostgresConnection> connect(const std::string& url, const std::string& password);

    PostgresConnection() = default;
    ~PostgresConnection();
    PostgresConnection(PostgresConnection&& other) noexcept;
    PostgresConnection& operator=(PostgresConnection&& other) noexcept;
    PostgresConnection(const PostgresConnection&) = delete;
    PostgresConnection& operator=(const PostgresConnection&) = delete;

    const std::string& url() const { return m_url; }
    // One statement with its parameters; rows for a SELECT or RETURNING.
    Result<PostgresResult> query(std::string_view sql, const PostgresParams& params = {});
    // One or more statements without parameters or rows (DDL, BEGIN, COMMIT).
    Status execute(std::string_view sql);
    // COPY ... FROM STDIN with `data` in COPY's text format.
    Status copy(std::string_view sql, const std::string& data);
    // Whether the connection to the server is gone (it was stopped, the network broke).
    bool isLost() const;
    // Connects again (after isLost()).
    Status reconnect();

private:
    RedisError failure(pg_result* result, std::string_view doing) const;
    RedisError connectionFailure() const;

    pg_conn* m_connection = nullptr;
    std::string m_url;
    std::string m_password;
};

} // namespace lockscope
