#pragma once

#include <QList>
#include <QObject>

class QThread;

namespace lockscope::ui {

// Worker objects on threads of their own, one generation at a time: how the GUI keeps Redis I/O
// off its thread. adopt() puts a worker on a new thread of the current generation (the worker is
// deleted when its thread ends); retire() ends the generation: its threads are told to quit and are
// deleted once they have finished, in their own time (a blocking Redis call is bounded by the
// connection's timeouts). Only the destructor waits for them. Signals that a retired worker queued
// before it stopped carry an older generation: isCurrent() tells them apart.
class WorkerThreads : public QObject
{
    Q_OBJECT

public:
    explicit WorkerThreads(QObject* parent = nullptr);
    ~WorkerThreads() override;

    // Retires what runs and begins a new generation, returned for the signal handlers to keep.
    quint64 beginGeneration();
    bool isCurrent(quint64 generation) const { return generation == m_generation; }
    bool isRunning() const { return !m_current.isEmpty(); }
    // Whether any thread, current or retired, has not finished yet.
    bool hasThreads() const { return !m_current.isEmpty() || !m_retired.isEmpty(); }

    // Moves `worker` (without a parent) to a new thread named `name`; connect what it needs, then
    // call start() on the thread returned.
    QThread* adopt(QObject* worker, const QString& name);
    void retire();
    // retire(), then waits until every thread has finished (for work that must be over, such as
    // sample locks released by their worker, before the caller goes on).
    void retireAndWait();

Q_SIGNALS:
    // The last retired thread has finished and none runs: nothing of this object's is left on
    // another thread (its owner can go without waiting).
    void allFinished();

private:
    QList<QThread*> m_current;
    QList<QThread*> m_retired; // quitting, but maybe still inside a blocking call
    quint64 m_generation = 0;
};

} // namespace lockscope::ui
