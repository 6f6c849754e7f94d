#pragma once

#include "common/Result.h"
#include "history/HistoryRecords.h"

#include <string>
#include <vector>

namespace lockscope {

// The admin actions a desk could not write into the team's history (its database was down or
// refused it), kept in a small SQLite file beside the local audit log until they are written:
// each with the history it is for, so that the next action on that history (or the GUI, when
// the database is back) sends them first.
class AuditOutbox
{
public:
    // Next to the local audit log: `auditLogPath` + ".outbox".
    static std::string pathFor(const std::string& auditLogPath);

    explicit AuditOutbox(std::string path);

    Status add(const std::string& location, const AuditRecord& record);
    // What waits for `location`, oldest first (none when the outbox file does not exist).
    Result<std::vector<AuditRecord>> waitingFor(const std::string& location) const;
    // Forgets the entries of `location` with these ids (written meanwhile).
    Status remove(const std::string& location, const std::vector<std::string>& entries);

    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

} // namespace lockscope
