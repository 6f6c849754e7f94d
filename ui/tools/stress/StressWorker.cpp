#include "tools/stress/StressWorker.h"

#include "stress/DrillServers.h"
#include "stress/StressEngine.h"

namespace lockscope::ui {

StressWorker::StressWorker(StressParameters parameters, std::shared_ptr<const CancellationToken> cancel)
    : RunWorker(std::move(cancel))
    , m_parameters(std::move(parameters))
{
}

QString StressWorker::work()
{
    // The restart and failover drills run on servers of their own, started here (off the GUI
    // thread) and stopped when the run ends.
    auto drillServers = DrillServers::prepare(m_parameters, nullptr, DrillServers::OwnServers::Start);
    Status ready = drillServers ? m_parameters.validate() : Status(drillServers.error());
    if (!ready)
        return QString::fromStdString(ready.error().message);
    StressEngine engine(m_parameters);
    auto result
        = engine.run(cancellation(), [this](const StressProgress& progress) { Q_EMIT progressed(progress); });
    if (!result)
        return QString::fromStdString(result.error().message);
    Q_EMIT succeeded(*result);
    return {};
}

} // namespace lockscope::ui
