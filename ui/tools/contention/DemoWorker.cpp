#include "tools/contention/DemoWorker.h"

#include "demo/DemoCatalog.h"

namespace lockscope::ui {

DemoWorker::DemoWorker(
    std::string scenario, ConnectionOptions connection, std::shared_ptr<const CancellationToken> cancel)
    : RunWorker(std::move(cancel))
    , m_scenario(std::move(scenario))
    , m_connection(std::move(connection))
{
}

QString DemoWorker::work()
{
    auto scenario = DemoCatalog::find(m_scenario);
    if (!scenario)
        return tr("There is no scenario named %1.").arg(QString::fromStdString(m_scenario));
    DemoContext context;
    context.connection = m_connection;
    context.cancel = cancellation();
    // Steps may come from the scenario's own threads; a signal emitted there is still queued to
    // the view on the GUI thread.
    DemoTimeline timeline([this](const DemoTimeline::Step& step) { Q_EMIT stepRecorded(step); });
    auto outcome = scenario->run(context, timeline);
    if (!outcome)
        return QString::fromStdString(outcome.error().message);
    Q_EMIT succeeded(*outcome);
    return {};
}

} // namespace lockscope::ui
