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
// holds what the user saw) and is written to the audit log.
class LockAdminWorker : public QObject
{
    Q_OBJECT

public:
    LockAdminWorker(ConnectionOptions options, std::string auditLogPath);
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
    std::unique_ptr<MasterConnections> m_masters;
};

} // namespace lockscope::ui
