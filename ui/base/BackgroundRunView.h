#pragma once

#include "base/WorkerThreads.h"
#include "redis/ConnectionOptions.h"

#include <QThread>
#include <QWidget>

#include <memory>
#include <optional>

namespace lockscope {
class CancellationToken;
}

namespace lockscope::ui {

// What the tool windows that run one job at a time against the current connection (the stress
// panel, the contention demo) share: the connection runs go to, the run's cancellation and its
// worker thread (a RunWorker), and the end of a run. Destroying the view cancels a run under way
// and waits for its worker.
class BackgroundRunView : public QWidget
{
    Q_OBJECT

public:
    ~BackgroundRunView() override;

    // Where runs go: the connected server (or the sandbox); nullopt when nothing is connected.
    void setConnection(const std::optional<ConnectionOptions>& connection, const QString& where);
    bool isRunning() const { return m_threads.isRunning(); }

Q_SIGNALS:
    void runFinished();

protected:
    explicit BackgroundRunView(QWidget* parent);

    // Says where runs go, or why they cannot (`connection` is nullopt or read-only).
    virtual void showConnection(const std::optional<ConnectionOptions>& connection, const QString& where) = 0;
    virtual void updateControls() = 0;
    // The run's worker has ended, before the controls are updated and runFinished is emitted.
    virtual void runEnded() { }

    const std::optional<ConnectionOptions>& connection() const { return m_connection; }
    // Runs write lock keys: not without a connection, nor on a read-only one.
    bool canRun() const { return m_connection && !m_connection->readOnly; }
    // A new cancellation for a run about to start, which retires the previous run's thread.
    std::shared_ptr<CancellationToken> beginRun();
    const std::shared_ptr<CancellationToken>& runCancellation() const { return m_cancel; }

    // Puts `worker` (made with beginRun()'s cancellation) on the run's thread named `threadName`;
    // connect its own signals, then call start() on the thread returned.
    template <typename Worker>
    QThread* adoptWorker(Worker* worker, const QString& threadName)
    {
        QThread* thread = m_threads.adopt(worker, threadName);
        connect(thread, &QThread::started, worker, &Worker::run);
        connect(worker, &Worker::done, this, &BackgroundRunView::workerDone);
        return thread;
    }

private:
    void workerDone();

    std::optional<ConnectionOptions> m_connection;
    std::shared_ptr<CancellationToken> m_cancel;
    WorkerThreads m_threads;
};

} // namespace lockscope::ui
