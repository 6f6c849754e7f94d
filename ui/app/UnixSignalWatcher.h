#pragma once

#include <QObject>

#include <initializer_list>

class QSocketNotifier;

namespace lockscope::ui {

// Turns Unix signals (SIGTERM, SIGINT) into a Qt signal on the GUI thread, so that they end
// the event loop cleanly and every destructor runs (which is what stops the sandbox server).
// The handler only writes the signal number to a socket pair (async-signal-safe); a
// QSocketNotifier reads it in the event loop. One instance per process at a time.
class UnixSignalWatcher : public QObject
{
    Q_OBJECT

public:
    UnixSignalWatcher(std::initializer_list<int> signalNumbers, QObject* parent = nullptr);
    ~UnixSignalWatcher() override;

Q_SIGNALS:
    void signalReceived(int signalNumber);

private:
    static void handle(int signalNumber);
    void readPending();

    QSocketNotifier* m_notifier = nullptr;
    int m_readFd = -1;
    QList<int> m_signals;
};

} // namespace lockscope::ui
