#pragma once

#include "monitor/LockKeysReport.h"
#include "monitor/admin/LockAdminAction.h"
#include "redis/ConnectionOptions.h"

#include <QObject>

#include <memory>
#include <string>

namespace lockscope {
class MasterConnections;
class RedisConnection;
} // namespace lockscope

namespace lockscope::ui {

// Runs admin actions and detail reads for one connection on its own thread (owned by
// LockMonitorController), so that the GUI never waits for Redis. Every action is the core's
// conditional one (ForceRelease, ExtendLock, RemoveStaleWaiters: acted on only if Redis still
// holds what the user saw) and is written to the audit log, and to the connection's history
// with who took it and why (SharedAudit; one that cannot be written waits for the next).
class LockAdminWorker : public QObject
{
    Q_OBJECT

public:
    // Where the actions go besides the local audit log: the history the connection records into
    // (a team's PostgreSQL database or a file), with the server's and the profile's names.
    struct SharedHistory
    {
        std::string location; // empty: the local log only
        std::string server;
        std::string profile; // empty: a URL
    };

    LockAdminWorker(ConnectionOptions options, std::string auditLogPath, SharedHistory history = {});
    ~LockAdminWorker() override;

public Q_SLOTS:
    void perform(const lockscope::ui::LockAdminRequest& request);
    void readKeys(const lockscope::ui::LockRecord& lock);

Q_SIGNALS:
    void performed(const lockscope::ui::LockAdminReport& report);
    void keysRead(const lockscope::ui::LockKeysReport& report);

private:
    // The connection to the master labelled `node` (opened on first use), or an error text.
    RedisConnection* connectionFor(const QString& node, QString& error);

    ConnectionOptions m_options;
    std::string m_auditLogPath;
    SharedHistory m_history;
    std::unique_ptr<MasterConnections> m_masters;
};

} // namespace lockscope::ui
