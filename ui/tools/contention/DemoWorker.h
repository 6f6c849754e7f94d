#pragma once

#include "base/RunWorker.h"
#include "base/StressMetaTypes.h"
#include "redis/ConnectionOptions.h"

#include <string>

namespace lockscope::ui {

// Plays one contention demo scenario on the thread it was moved to, at full speed: its leases
// run in Redis, so slowing the story down would change it. Each timeline step leaves by signal
// as it happens; the view paces the replay.
class DemoWorker : public RunWorker
{
    Q_OBJECT

public:
    DemoWorker(
        std::string scenario, ConnectionOptions connection, std::shared_ptr<const CancellationToken> cancel);

Q_SIGNALS:
    void stepRecorded(const lockscope::DemoTimeline::Step& step);
    void succeeded(const lockscope::DemoOutcome& outcome);

protected:
    QString work() override;

private:
    std::string m_scenario;
    ConnectionOptions m_connection;
};

} // namespace lockscope::ui
