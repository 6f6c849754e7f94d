#include "tools/stress/StressWorker.h"

#include "stress/StressEngine.h"

namespace lockscope::ui {

StressWorker::StressWorker(StressParameters parameters, std::shared_ptr<const CancellationToken> cancel)
    : m_parameters(std::move(parameters))
    , m_cancel(std::move(cancel))
{
}

void StressWorker::run()
{
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
