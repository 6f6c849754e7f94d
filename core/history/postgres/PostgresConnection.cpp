#include "history/postgres/PostgresConnection.h"

#include <libpq-fe.h>

#include <utility>
#include <vector>

namespace lockscope {

namespace {

// libpq's messages run over several lines ("connection to server at ... failed: ...\n\tIs the
// server running ...?"): one line for a terminal and a log.
std::string oneLine(std::string message)
{
    std::string line;
    for (char c : message) {
        if (c == '\n' || c == '\t' || c == '\r') {
            if (!line.empty() && line.back() != ' ')
                line += ' ';
        } else {
            line += c;
        }
    }
    while (!line.empty() && line.back() == ' ')
        line.pop_back();
    return line;
}

bool contains(const std::string& text, std::string_view part)
{
    return text.find(part) != std::string::npos;
}

// Opens with the URL expanded; the keywords after it (the password) win over what it says.
pg_conn* connectTo(const std::string& url, const std::string& password)
{
    std::vector<const char*> keywords {"connect_timeout", "fallback_application_name", "dbname"};
    std::vector<const char*> values {"5", "lockscope", url.c_str()};
    if (!password.empty()) {
        keywords.push_back("password");
        values.push_back(password.c_str());
    }
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    return PQconnectdbParams(keywords.data(), values.data(), 1);
}

} // namespace

Result<PostgresConnection> PostgresConnection::connect(const std::string& url, const std::string& password)
{
    char* parseError = nullptr;
    PQconninfoOption* options = PQconninfoParse(url.c_str(), &parseError);
    if (!options) {
        std::string reason = parseError ? oneLine(parseError) : "cannot be parsed";
        PQfreemem(parseError);
        return makeError(ErrorKind::Usage, "history database URL " + url + " is not valid: " + reason);
    }
    bool hasPassword = false;
    for (PQconninfoOption* option = options; option->keyword; ++option) {
        if (std::string_view(option->keyword) == "password" && option->val && *option->val)
            hasPassword = true;
    }
    PQconninfoFree(options);
    if (hasPassword)
        return makeError(ErrorKind::Usage,
            "history database URL holds a password: give it with --db-password-env VAR, PGPASSWORD or"
            " ~/.pgpass instead (a command line is visible to every user of the machine)");
    PostgresConnection connection;
    connection.m_url = url;
    connection.m_password = password;
    connection.m_connection = connectTo(url, password);
    if (!connection.m_connection)
        return makeError(ErrorKind::Internal, "history database " + url + ": out of memory");
    if (PQstatus(connection.m_connection) != CONNECTION_OK)
        return connection.connectionFailure();
    if (auto set = connection.execute("SET bytea_output = 'hex'; SET client_min_messages = warning"); !set)
        return set.error();
    return connection;
}

PostgresConnection::~PostgresConnection()
{
    if (m_connection)
        PQfinish(m_connection);
}

PostgresConnection::PostgresConnection(PostgresConnection&& other) noexcept
    : m_connection(std::exchange(other.m_connection, nullptr))
    , m_url(std::move(other.m_url))
    , m_password(std::move(other.m_password))
{
}

PostgresConnection& PostgresConnection::operator=(PostgresConnection&& other) noexcept
{
    if (this != &other) {
        if (m_connection)
            PQfinish(m_connection);
        m_connection = std::exchange(other.m_connection, nullptr);
        m_url = std::move(other.m_url);
        m_password = std::move(other.m_password);
    }
    return *this;
}

RedisError PostgresConnection::connectionFailure() const
{
    const std::string reason = oneLine(PQerrorMessage(m_connection));
    ErrorKind kind = ErrorKind::Disconnected;
    std::string said = "cannot connect";
    if (contains(reason, "password authentication failed") || contains(reason, "no password supplied")
        || contains(reason, "authentication failed")) {
        kind = ErrorKind::AuthFailed;
        said = "login refused";
    } else if (contains(reason, "database \"") && contains(reason, "does not exist")) {
        kind = ErrorKind::NotFound;
        said = "no such database";
    } else if (contains(reason, "permission denied")) {
        kind = ErrorKind::NoPermission;
        said = "no permission";
    } else if (contains(reason, "Connection refused") || contains(reason, "could not translate host name")
        || contains(reason, "No such file or directory")) {
        kind = ErrorKind::ConnectionRefused;
        said = "unreachable";
    } else if (contains(reason, "timeout expired")) {
        kind = ErrorKind::Timeout;
        said = "unreachable";
    }
    return makeError(kind, "history database " + m_url + ": " + said + " (" + reason + ")");
}

RedisError PostgresConnection::failure(pg_result* result, std::string_view doing) const
{
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    const std::string code = state ? state : "";
    std::string reason = oneLine(result ? PQresultErrorMessage(result) : PQerrorMessage(m_connection));
    if (reason.empty())
        reason = oneLine(PQerrorMessage(m_connection));
    ErrorKind kind = ErrorKind::ServerError;
    if (code == "42501" || code.rfind("28", 0) == 0)
        kind = ErrorKind::NoPermission;
    else if (code.rfind("08", 0) == 0 || code.rfind("57P", 0) == 0 || isLost())
        kind = ErrorKind::Disconnected;
    else if (code == "53100")
        kind = ErrorKind::ServerError; // disk full: said in the reason
    return makeError(
        kind, "history database " + m_url + ": cannot " + std::string(doing) + " (" + reason + ")");
}

bool PostgresConnection::isLost() const
{
    return !m_connection || PQstatus(m_connection) == CONNECTION_BAD;
}

Status PostgresConnection::reconnect()
{
    if (m_connection)
        PQfinish(m_connection);
    m_connection = connectTo(m_url, m_password);
    if (!m_connection || PQstatus(m_connection) != CONNECTION_OK)
        return connectionFailure();
    return execute("SET bytea_output = 'hex'; SET client_min_messages = warning");
}

Result<PostgresResult> PostgresConnection::query(std::string_view sql, const PostgresParams& params)
{
    const std::string statement(sql);
    const auto values = params.values();
    pg_result* raw = PQexecParams(m_connection, statement.c_str(), params.count(), nullptr, values.data(),
        params.lengths(), params.formats(), 0);
    const ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        RedisError error = failure(raw, "use it");
        if (raw)
            PQclear(raw);
        return error;
    }
    return PostgresResult(raw);
}

Status PostgresConnection::execute(std::string_view sql)
{
    const std::string statements(sql);
    pg_result* result = PQexec(m_connection, statements.c_str());
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    Status outcome = Done {};
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        outcome = failure(result, "use it");
    if (result)
        PQclear(result);
    return outcome;
}

Status PostgresConnection::copy(std::string_view sql, const std::string& data)
{
    const std::string statement(sql);
    pg_result* started = PQexec(m_connection, statement.c_str());
    if (!started || PQresultStatus(started) != PGRES_COPY_IN) {
        RedisError error = failure(started, "write");
        if (started)
            PQclear(started);
        return error;
    }
    PQclear(started);
    if (PQputCopyData(m_connection, data.data(), static_cast<int>(data.size())) != 1
        || PQputCopyEnd(m_connection, nullptr) != 1)
        return failure(nullptr, "write");
    Status outcome = Done {};
    while (pg_result* result = PQgetResult(m_connection)) {
        if (PQresultStatus(result) != PGRES_COMMAND_OK && outcome)
            outcome = failure(result, "write");
        PQclear(result);
    }
    return outcome;
}

} // namespace lockscope
