#include "ui/support/EventTimingApplication.h"

#include "support/EventLoopGapProbe.h"

#include <QElapsedTimer>
#include <QThread>

#include <cstdio>

namespace lockscope::test {

namespace {

QString describe(int type, const char* className, const QString& objectName, const char* parentClassName)
{
    QString what = QStringLiteral("event %1 to %2").arg(type).arg(QString::fromLatin1(className));
    if (!objectName.isEmpty())
        what += QStringLiteral(" \"%1\"").arg(objectName);
    if (parentClassName)
        what += QStringLiteral(" (in %1)").arg(QString::fromLatin1(parentClassName));
    return what;
}

} // namespace

EventTimingApplication::EventTimingApplication(int& argc, char** argv)
    : QApplication(argc, argv)
{
    bool given = false;
    const double slow = qEnvironmentVariable("LOCKSCOPE_BENCH_SLOW_EVENT_MS").toDouble(&given);
    if (given)
        m_slowMs = slow;
}

bool EventTimingApplication::notify(QObject* receiver, QEvent* event)
{
    if (m_depth > 0 || QThread::currentThread() != thread())
        return QApplication::notify(receiver, event);
    // What received it, read before: the receiver may be gone after (a deferred delete).
    const int type = int(event->type());
    const char* className = receiver->metaObject()->className();
    const QString objectName = receiver->objectName();
    const char* parentClassName
        = receiver->parent() ? receiver->parent()->metaObject()->className() : nullptr;
    QElapsedTimer timer;
    timer.start();
    const double cpuBefore = m_slowMs >= 0 ? EventLoopGapProbe::threadCpuMs() : 0;
    const double waitBefore = m_slowMs >= 0 ? EventLoopGapProbe::threadRunQueueMs() : 0;
    ++m_depth;
    const bool handled = QApplication::notify(receiver, event);
    --m_depth;
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (ms > m_longestMs) {
        m_longestMs = ms;
        m_longestWhat = describe(type, className, objectName, parentClassName);
    }
    if (m_slowMs >= 0 && ms > m_slowMs)
        std::fprintf(stderr, "slow event: %.1f ms (%.1f ms on a CPU, %.1f ms waiting for one), %s\n", ms,
            EventLoopGapProbe::threadCpuMs() - cpuBefore, EventLoopGapProbe::threadRunQueueMs() - waitBefore,
            qPrintable(describe(type, className, objectName, parentClassName)));
    return handled;
}

QString EventTimingApplication::takeLongest()
{
    const QString longest = QStringLiteral("%1 ms, %2").arg(m_longestMs, 0, 'f', 1).arg(m_longestWhat);
    m_longestMs = 0;
    m_longestWhat.clear();
    return longest;
}

} // namespace lockscope::test
