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
    stop();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("lockscope-sample-locks"));
    ConnectionOptions seederOptions = options;
    seederOptions.readOnly = false;
    auto* worker = new SampleLocksWorker(seederOptions);
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::started, worker, &SampleLocksWorker::seed);
    // Deleted on its own thread: the seeder releases its locks there.
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &SampleLocksWorker::seeded, this, &SampleLocksController::seeded);
    connect(worker, &SampleLocksWorker::failed, this, &SampleLocksController::failed);
    m_thread->start();
}

void SampleLocksController::stop()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
}

} // namespace lockscope::ui
