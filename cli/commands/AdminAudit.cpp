#include "cli/commands/AdminAudit.h"

#include "history/audit/SharedAudit.h"
#include "inspect/admin/AuditIdentity.h"

namespace lockscope {

AdminAudit::AdminAudit(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::string db, std::string password, std::string reason)
    : m_environment(environment)
    , m_log(AuditLog::defaultPath(environment))
    , m_location(std::move(db))
    , m_password(std::move(password))
    , m_reason(std::move(reason))
{
    if (!options.fleet.empty()) {
        const FleetMember& member = options.fleet.members().front();
        m_server = member.name;
        m_profile = member.profile;
        if (m_location.empty())
            m_location = member.historyDatabase;
    }
}

void AdminAudit::write(AuditEntry entry, std::ostream& err)
{
    entry.server = m_server;
    entry.profile = m_profile;
    entry.reason = m_reason;
    AuditIdentity::stamp(entry, m_environment, LOCKSCOPE_VERSION);
    if (auto logged = m_log.append(entry); !logged)
        err << "lockscope-cli: warning: " << logged.error().message << "\n";
    if (m_location.empty())
        return;
    SharedAudit shared(m_location, m_password, AuditOutbox(AuditOutbox::pathFor(m_log.path())));
    if (auto written = shared.record(entry); !written)
        err << "lockscope-cli: warning: " << written.error().message << "\n";
}

} // namespace lockscope
