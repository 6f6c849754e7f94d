#include "tools/stress/StressWorker.h"

#include "stress/DrillServers.h"
#include "stress/StressEngine.h"

namespace lockscope::ui {

StressWorker::StressWorker(StressParameters parameters, std::shared_ptr<const CancellationToken> cancel)
    : m_parameters(std::move(parameters))
    , m_cancel(std::move(cancel))
{
}

void StressWorker::run()
{
    // The restart and failover drills run on servers of their own, started here (off the GUI
    // thread) and stopped when the run ends.
    auto drillServers = DrillServers::prepare(m_parameters, nullptr, true);
    Status ready = drillServers ? m_parameters.validate() : Status(drillServers.error());
    if (!ready) {
        Q_EMIT failed(QString::fromStdString(ready.error().message));
        Q_EMIT done();
        return;
    }
    StressEngine engine(m_parameters);
    auto result
        = engine.run(m_cancel.get(), [this](const StressProgress& progress) { Q_EMIT progressed(progress); });
    if (result)
        Q_EMIT succeeded(*result);
    else
        Q_EMIT failed(QString::fromStdString(result.error().message));
    Q_EMIT done();
}

} // namespace lockscope::ui
