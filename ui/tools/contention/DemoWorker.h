#pragma once

#include "base/StressMetaTypes.h"
#include "redis/ConnectionOptions.h"

#include <QObject>

#include <memory>
#include <string>

namespace lockscope {
class CancellationToken;
}

namespace lockscope::ui {

// Plays one contention demo scenario on the thread it was moved to, at full speed: its leases
// run in Redis, so slowing the story down would change it. Each timeline step leaves by signal
// as it happens; the view paces the replay.
class DemoWorker : public QObject
{
    Q_OBJECT

public:
    DemoWorker(
        std::string scenario, ConnectionOptions connection, std::shared_ptr<const CancellationToken> cancel);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void stepRecorded(const lockscope::DemoTimeline::Step& step);
    void succeeded(const lockscope::DemoOutcome& outcome);
    void failed(const QString& message);
    void done();

private:
    std::string m_scenario;
    ConnectionOptions m_connection;
    std::shared_ptr<const CancellationToken> m_cancel;
};

} // namespace lockscope::ui
