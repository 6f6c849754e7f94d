#include "tools/contention/DemoWorker.h"

#include "demo/DemoCatalog.h"

namespace lockscope::ui {

DemoWorker::DemoWorker(
    std::string scenario, ConnectionOptions connection, std::shared_ptr<const CancellationToken> cancel)
    : m_scenario(std::move(scenario))
    , m_connection(std::move(connection))
    , m_cancel(std::move(cancel))
{
}

void DemoWorker::run()
{
    auto scenario = DemoCatalog::find(m_scenario);
    if (!scenario) {
        Q_EMIT failed(tr("There is no scenario named %1.").arg(QString::fromStdString(m_scenario)));
        Q_EMIT done();
        return;
    }
    DemoContext context;
    context.connection = m_connection;
    context.cancel = m_cancel.get();
    // Steps may come from the scenario's own threads; a signal emitted there is still queued to
    // the view on the GUI thread.
    DemoTimeline timeline([this](const DemoTimeline::Step& step) { Q_EMIT stepRecorded(step); });
    auto outcome = scenario->run(context, timeline);
    if (outcome)
        Q_EMIT succeeded(*outcome);
    else
        Q_EMIT failed(QString::fromStdString(outcome.error().message));
    Q_EMIT done();
}

} // namespace lockscope::ui
