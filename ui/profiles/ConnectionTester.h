#pragma once

#include "redis/ConnectionOptions.h"

#include <QList>
#include <QObject>
#include <QString>

class QThread;

namespace lockscope::ui {

// "Test connection" of the connection manager: connects once with the given options and asks
// the server who it is, on a thread of its own (a server that does not answer costs the
// connect timeout there, never the GUI). One test at a time: a new one supersedes the last.
class ConnectionTester : public QObject
{
    Q_OBJECT

public:
    explicit ConnectionTester(QObject* parent = nullptr);
    // Waits for tests still running (each is bounded by its options' timeouts).
    ~ConnectionTester() override;

    void test(const ConnectionOptions& options);
    // The running test's result is no longer wanted (e.g. another profile was selected).
    void discard();
    bool isTesting() const { return m_running; }

Q_SIGNALS:
    // `message` says what answered ("Redis 7.2.4, standalone, …") or what went wrong.
    void finished(bool ok, const QString& message);

private:
    QList<QThread*> m_threads;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace lockscope::ui
