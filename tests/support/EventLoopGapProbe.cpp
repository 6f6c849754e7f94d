#include "support/EventLoopGapProbe.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cstdlib>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

namespace lockscope::test {

double EventLoopGapProbe::threadCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

double EventLoopGapProbe::threadRunQueueMs()
{
    // "<ns on a CPU> <ns waiting on a run queue> <timeslices>", read again through a descriptor
    // each thread opens once: the probe asks every millisecond.
    thread_local const int schedstat = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    if (schedstat < 0)
        return -1;
    char text[128];
    const ssize_t length = ::pread(schedstat, text, sizeof text - 1, 0);
    if (length <= 0)
        return -1;
    text[length] = '\0';
    char* waited = nullptr;
    std::strtoull(text, &waited, 10);
    char* end = nullptr;
    const unsigned long long waitedNs = std::strtoull(waited, &end, 10);
    return end == waited ? -1 : double(waitedNs) / 1e6;
}

EventLoopGap EventLoopGapProbe::run(int limitMs, const std::function<bool()>& done)
{
    EventLoopGap gap;
    QEventLoop loop;
    QElapsedTimer clock;
    clock.start();
    const double startCpu = threadCpuMs();
    qint64 last = clock.nsecsElapsed();
    double lastCpu = startCpu;
    double lastWait = threadRunQueueMs();
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const qint64 now = clock.nsecsElapsed();
        const double cpu = threadCpuMs();
        const double wait = threadRunQueueMs();
        const double sinceLast = double(now - last) / 1e6;
        if (sinceLast > gap.ms) {
            gap.ms = sinceLast;
            gap.cpuMs = cpu - lastCpu;
            gap.runQueueMs = wait < 0 || lastWait < 0 ? -1 : wait - lastWait;
        }
        last = now;
        lastCpu = cpu;
        lastWait = wait;
        if ((done && done()) || clock.elapsed() >= limitMs)
            loop.quit();
    });
    tick.start();
    loop.exec();
    gap.totalCpuMs = threadCpuMs() - startCpu;
    gap.totalMs = double(clock.nsecsElapsed()) / 1e6;
    return gap;
}

} // namespace lockscope::test
