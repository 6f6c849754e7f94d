#include "support/EventLoopGapProbe.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <time.h>

namespace lockscope::test {

double EventLoopGapProbe::threadCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
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
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const qint64 now = clock.nsecsElapsed();
        const double cpu = threadCpuMs();
        const double sinceLast = double(now - last) / 1e6;
        if (sinceLast > gap.ms) {
            gap.ms = sinceLast;
            gap.cpuMs = cpu - lastCpu;
        }
        last = now;
        lastCpu = cpu;
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
