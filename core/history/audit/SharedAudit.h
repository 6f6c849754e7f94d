#pragma once

#include "common/Result.h"
#include "history/HistoryRecords.h"
#include "history/audit/AuditOutbox.h"
#include "inspect/admin/AuditLog.h"

#include <string>
#include <vector>

namespace lockscope {

// Writes the admin actions taken on a server's locks into that server's history (a team's
// PostgreSQL database or a SQLite file), beside the local audit log: when, who, on what, the
// state before and after, the result and the reason. An action that cannot be written (the
// database is down, or refuses it) waits in the desk's outbox (AuditOutbox) and is sent before
// the next action on that history, or by sendWaiting(); each is kept once (its entry id).
class SharedAudit
{
public:
    // `location`: a PostgreSQL URL or a SQLite file, as HistoryRecorder::open takes it.
    SharedAudit(std::string location, std::string password, AuditOutbox outbox);

    // The row `entry` makes (its before and after as LockSnapshotJson).
    static AuditRecord recordOf(const AuditEntry& entry);

    // Writes what waits, then `entry`. An error says why `entry` waits in the outbox instead (or,
    // rarely, could not even be kept there).
    Status record(const AuditEntry& entry);
    // Sends what waits in the outbox for this history; returns how many were written (an error
    // when the history still cannot be written; they keep waiting).
    Result<long long> sendWaiting();

    const std::string& location() const { return m_location; }

private:
    // Writes `records` (each once: an entry already there is skipped).
    Status write(const std::vector<AuditRecord>& records);

    std::string m_location;
    std::string m_password;
    AuditOutbox m_outbox;
};

} // namespace lockscope
