#pragma once

#include "inspect/admin/AuditLog.h"

#include <map>
#include <string>

namespace lockscope {

// Who takes an admin action, for the audit: the OS user, the machine, the LockScope version, and
// a fresh id for the action (so that the team's history keeps it once however often a desk sends
// it).
class AuditIdentity
{
public:
    // $LOGNAME, else $USER, else the password database's name of this process's user.
    static std::string user(const std::map<std::string, std::string>& environment);
    static std::string host();
    // 32 hex digits from the system's random source.
    static std::string newEntryId();
    // Sets `entry`'s id, user, host and version (`version`: the caller's, core has none).
    static void stamp(
        AuditEntry& entry, const std::map<std::string, std::string>& environment, const std::string& version);
};

} // namespace lockscope
