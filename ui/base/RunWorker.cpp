#include "base/RunWorker.h"

namespace lockscope::ui {

RunWorker::RunWorker(std::shared_ptr<const CancellationToken> cancel)
    : m_cancel(std::move(cancel))
{
}

void RunWorker::run()
{
    const QString failure = work();
    if (!failure.isEmpty())
        Q_EMIT failed(failure);
    Q_EMIT done();
}

} // namespace lockscope::ui
