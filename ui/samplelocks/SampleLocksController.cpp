#include "samplelocks/SampleLocksController.h"

#include "samplelocks/SampleLocksWorker.h"

#include <QThread>

namespace lockscope::ui {

SampleLocksController::SampleLocksController(QObject* parent)
    : QObject(parent)
{
}

SampleLocksController::~SampleLocksController()
{
    stop();
}

void SampleLocksController::seed(const ConnectionOptions& options)
{
    m_threads.retireAndWait();
    m_threads.beginGeneration();
    ConnectionOptions seederOptions = options;
    seederOptions.readOnly = false;
    auto* worker = new SampleLocksWorker(seederOptions);
    // Deleted on its own thread when it ends: the seeder releases its locks there.
    QThread* thread = m_threads.adopt(worker, QStringLiteral("lockscope-sample-locks"));
    connect(thread, &QThread::started, worker, &SampleLocksWorker::seed);
    connect(worker, &SampleLocksWorker::seeded, this, &SampleLocksController::seeded);
    connect(worker, &SampleLocksWorker::failed, this, &SampleLocksController::failed);
    thread->start();
}

void SampleLocksController::stop()
{
    m_threads.retireAndWait();
}

} // namespace lockscope::ui
