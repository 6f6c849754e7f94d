#include "samplelocks/SampleLocksController.h"

#include "samplelocks/SampleLocksWorker.h"

#include <QThread>

namespace lockscope::ui {

DemoLocksController::DemoLocksController(QObject* parent)
    : QObject(parent)
{
}

DemoLocksController::~DemoLocksController()
{
    stop();
}

void DemoLocksController::seed(const ConnectionOptions& options)
{
    stop();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("lockscope-demo"));
    ConnectionOptions demoOptions = options;
    demoOptions.readOnly = false;
    auto* worker = new DemoLocksWorker(demoOptions);
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::started, worker, &DemoLocksWorker::seed);
    // Deleted on its own thread: the seeder releases its locks there.
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &DemoLocksWorker::seeded, this, &DemoLocksController::seeded);
    connect(worker, &DemoLocksWorker::failed, this, &DemoLocksController::failed);
    m_thread->start();
}

void DemoLocksController::stop()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
}

} // namespace lockscope::ui
