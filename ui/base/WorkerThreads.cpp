#include "base/WorkerThreads.h"

#include <QThread>

#include <utility>

namespace lockscope::ui {

WorkerThreads::WorkerThreads(QObject* parent)
    : QObject(parent)
{
}

WorkerThreads::~WorkerThreads()
{
    retireAndWait(); // a QThread may not be destroyed while it runs
}

quint64 WorkerThreads::beginGeneration()
{
    retire();
    return ++m_generation;
}

QThread* WorkerThreads::adopt(QObject* worker, const QString& name)
{
    auto* thread = new QThread(this);
    thread->setObjectName(name);
    worker->moveToThread(thread);
    connect(thread, &QThread::finished, worker, &QObject::deleteLater);
    m_current.append(thread);
    return thread;
}

void WorkerThreads::retire()
{
    if (m_current.isEmpty())
        return;
    ++m_generation;
    for (QThread* thread : std::as_const(m_current)) {
        m_retired.append(thread);
        connect(thread, &QThread::finished, this, [this, thread] {
            m_retired.removeAll(thread);
            thread->deleteLater();
            if (!hasThreads())
                Q_EMIT allFinished();
        });
        thread->quit();
    }
    m_current.clear();
}

void WorkerThreads::retireAndWait()
{
    retire();
    for (QThread* thread : std::exchange(m_retired, {})) {
        thread->wait();
        delete thread;
    }
}

} // namespace lockscope::ui
