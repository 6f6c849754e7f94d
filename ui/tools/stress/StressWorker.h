#pragma once

#include "base/RunWorker.h"
#include "base/StressMetaTypes.h"
#include "stress/StressParameters.h"

namespace lockscope::ui {

// Runs one StressEngine run on the thread it was moved to. Progress snapshots and the result
// leave by signal, so that the panel receives them queued on the GUI thread.
class StressWorker : public RunWorker
{
    Q_OBJECT

public:
    StressWorker(StressParameters parameters, std::shared_ptr<const CancellationToken> cancel);

Q_SIGNALS:
    void progressed(const lockscope::StressProgress& progress);
    void succeeded(const lockscope::StressResult& result);

protected:
    QString work() override;

private:
    StressParameters m_parameters;
};

} // namespace lockscope::ui
