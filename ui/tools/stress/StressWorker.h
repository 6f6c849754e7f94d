#pragma once

#include "base/StressMetaTypes.h"
#include "stress/StressParameters.h"

#include <QObject>

#include <memory>

namespace lockscope {
class CancellationToken;
}

namespace lockscope::ui {

// Runs one StressEngine run on the thread it was moved to. Progress snapshots and the result
// leave by signal, so that the panel receives them queued on the GUI thread.
class StressWorker : public QObject
{
    Q_OBJECT

public:
    StressWorker(StressParameters parameters, std::shared_ptr<const CancellationToken> cancel);

public Q_SLOTS:
    void run();

Q_SIGNALS:
    void progressed(const lockscope::StressProgress& progress);
    void succeeded(const lockscope::StressResult& result);
    void failed(const QString& message);
    void done();

private:
    StressParameters m_parameters;
    std::shared_ptr<const CancellationToken> m_cancel;
};

} // namespace lockscope::ui
