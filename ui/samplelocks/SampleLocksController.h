#pragma once

#include "base/WorkerThreads.h"
#include "redis/ConnectionOptions.h"

#include <QObject>
#include <QStringList>

namespace lockscope::ui {

// Fills the sandbox with sample locks (core SampleLockSeeder) on its own thread and keeps the
// locks it holds alive there until it is destroyed or stop() is called: the seeder's waiters
// block and its watchdogs renew, none of which may touch the GUI thread.
class SampleLocksController : public QObject
{
    Q_OBJECT

public:
    explicit SampleLocksController(QObject* parent = nullptr);
    ~SampleLocksController() override;

    void seed(const ConnectionOptions& options);
    // Releases what the seeder holds and ends its thread (waits for it).
    void stop();
    bool isRunning() const { return m_threads.isRunning(); }

Q_SIGNALS:
    void seeded(const QStringList& locks);
    void failed(const QString& error);

private:
    WorkerThreads m_threads;
};

} // namespace lockscope::ui
