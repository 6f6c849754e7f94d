#include "inspect/admin/AuditLog.h"

#include "common/DataDirectory.h"
#include "common/JsonWriter.h"
#include "common/WallClock.h"
#include "inspect/LockSnapshotJson.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace lockscope {

AuditLog::AuditLog(std::string path)
    : m_path(std::move(path))
{
}

std::string AuditLog::defaultPath(const std::map<std::string, std::string>& environment)
{
    auto value = [&](const char* name) -> std::string {
        auto it = environment.find(name);
        return it == environment.end() ? std::string() : it->second;
    };
    if (auto explicitPath = value("LOCKSCOPE_AUDIT_LOG"); !explicitPath.empty())
        return explicitPath;
    if (auto directory = lockscopeDataDirectory(environment); !directory.empty())
        return directory + "/audit.log";
    return "lockscope-audit.log";
}

std::string AuditLog::toJsonLine(const AuditEntry& entry)
{
    long long timeMs = entry.timeMs;
    if (timeMs == 0)
        timeMs = epochMillisNow();
    JsonWriter json;
    json.beginObject();
    json.key("time_ms").number(timeMs);
    json.key("connection").string(entry.connection);
    json.key("node").string(entry.node);
    json.key("lock").string(entry.lock);
    json.key("action").string(entry.action);
    json.key("before");
    if (entry.before)
        LockSnapshotJson::write(json, *entry.before);
    else
        json.null();
    json.key("after");
    if (entry.after)
        LockSnapshotJson::write(json, *entry.after);
    else
        json.null();
    json.key("result").string(entry.result);
    const std::pair<const char*, const std::string*> who[]
        = {{"entry", &entry.entry}, {"user", &entry.user}, {"host", &entry.host}, {"version", &entry.version},
            {"profile", &entry.profile}, {"server", &entry.server}, {"reason", &entry.reason}};
    for (const auto& [key, value] : who) {
        if (!value->empty())
            json.key(key).string(*value);
    }
    json.endObject();
    return json.text() + "\n";
}

Status AuditLog::append(const AuditEntry& entry)
{
    std::error_code ignored;
    const std::filesystem::path path(m_path);
    if (path.has_parent_path())
        std::filesystem::create_directories(path.parent_path(), ignored);
    const int fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0)
        return makeError(
            ErrorKind::Internal, "cannot open the audit log " + m_path + ": " + std::strerror(errno));
    // One write(2) per line with O_APPEND: concurrent writers do not interleave lines.
    const std::string line = toJsonLine(entry);
    const ssize_t written = ::write(fd, line.data(), line.size());
    const int writeErrno = errno;
    ::close(fd);
    if (written != static_cast<ssize_t>(line.size()))
        return makeError(
            ErrorKind::Internal, "cannot write the audit log " + m_path + ": " + std::strerror(writeErrno));
    return Done {};
}

} // namespace lockscope
