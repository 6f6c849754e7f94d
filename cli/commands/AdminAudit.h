#pragma once

#include "cli/CliOptions.h"
#include "inspect/admin/AuditLog.h"

#include <map>
#include <ostream>
#include <string>

namespace lockscope {

// Where `release` and `extend` write what they did: the local audit log, and the server's
// history (--db, else the saved profile's history database) with who did it and why. A history
// that cannot be written keeps the action in the desk's outbox until the next action (a warning
// says so); the action itself is never held up by its audit.
class AdminAudit
{
public:
    AdminAudit(const CliOptions& options, const std::map<std::string, std::string>& environment,
        std::string db, std::string password, std::string reason);

    // The shared history written to (empty: the local log only).
    const std::string& location() const { return m_location; }
    // Writes `entry`, stamped with who, where, the server, the profile and the reason; problems
    // are warnings on `err`.
    void write(AuditEntry entry, std::ostream& err);

private:
    std::map<std::string, std::string> m_environment;
    AuditLog m_log;
    std::string m_location;
    std::string m_password;
    std::string m_reason;
    std::string m_server;
    std::string m_profile;
};

} // namespace lockscope
