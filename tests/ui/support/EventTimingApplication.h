#pragma once

#include <QApplication>
#include <QString>

namespace lockscope::test {

// A QApplication that times every event its own thread delivers at the top level (a queued
// signal, a timer, a paint), to say what a long event-loop gap was made of: the longest event
// since the last takeLongest(), and, with `LOCKSCOPE_BENCH_SLOW_EVENT_MS` set, a line on stderr
// for every event that took longer than that many ms.
class EventTimingApplication : public QApplication
{
public:
    EventTimingApplication(int& argc, char** argv);

    bool notify(QObject* receiver, QEvent* event) override;
    // "12.3 ms, event 43 to LockMonitorController (in LockMonitorView)", then starts again.
    QString takeLongest();

private:
    int m_depth = 0;
    double m_slowMs = -1; // < 0: no log
    double m_longestMs = 0;
    QString m_longestWhat;
};

} // namespace lockscope::test
