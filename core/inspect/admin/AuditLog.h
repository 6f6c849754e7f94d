#pragma once

#include "common/Result.h"
#include "inspect/LockSnapshot.h"

#include <map>
#include <optional>
#include <string>

namespace lockscope {

struct AuditEntry
{
    long long timeMs = 0; // epoch ms; 0: now
    std::string connection; // where (ConnectionOptions::describe(), never a password)
    std::string node;
    std::string lock;
    std::string action; // release, extend, ...
    std::optional<LockSnapshot> before; // what the user saw
    std::optional<LockSnapshot> after; // what Redis held afterwards (nullopt: gone)
    std::string result; // released, holder changed, refused: read-only, ...
    // Who and why (AuditIdentity fills the first four); empty where unknown. The same in the
    // local log and in the team's history (history/audit/SharedAudit).
    std::string entry; // the action's own id, so that it is kept once however often it is sent
    std::string user; // the OS user ($LOGNAME, $USER, else the password database's)
    std::string host;
    std::string version; // of LockScope
    std::string profile; // the connection profile, empty: a URL
    std::string server; // the server's name, as `list --json` gives it
    std::string reason; // as the user typed it
};

// Appends every admin action as one JSON line (time, connection, node, lock, action, before,
// after, result, and who and why) to an audit file in the user's data directory, creating it as needed.
class AuditLog
{
public:
    explicit AuditLog(std::string path);
    // $LOCKSCOPE_AUDIT_LOG, else $XDG_DATA_HOME/lockscope/audit.log, else
    // $HOME/.local/share/lockscope/audit.log.
    static std::string defaultPath(const std::map<std::string, std::string>& environment);

    Status append(const AuditEntry& entry);
    const std::string& path() const { return m_path; }
    static std::string toJsonLine(const AuditEntry& entry);

private:
    std::string m_path;
};

} // namespace lockscope
