#pragma once

#include <functional>

namespace lockscope::test {

// How long the thread's event loop went without a turn: a 1 ms precise timer should fire every
// millisecond, and the longest wait between two firings is the longest time the loop was kept
// from its events (by work on the thread, or by waiting for a CPU).
struct EventLoopGap
{
    double ms = 0; // the longest gap between two firings
    // The thread's own CPU time within that gap: near `ms`, the thread was busy; far below it,
    // it waited for a CPU (the machine was busy).
    double cpuMs = 0;
    // The time within that gap the thread was ready to run but waited for a CPU (the kernel's
    // run-queue wait, /proc/thread-self/schedstat; -1: not known). What is neither this nor
    // cpuMs, the thread was blocked (on a lock, on I/O).
    double runQueueMs = -1;
    // The thread's CPU time over the whole run, and the run's length: what the loop's own work
    // costs, which the machine's load does not change much.
    double totalCpuMs = 0;
    double totalMs = 0;
};

class EventLoopGapProbe
{
public:
    // Runs the calling thread's event loop until `done` says so or `limitMs` has passed.
    static EventLoopGap run(int limitMs, const std::function<bool()>& done = {});
    // The calling thread's CPU time so far, in ms.
    static double threadCpuMs();
    // How long the calling thread has waited for a CPU while ready to run so far, in ms (-1:
    // the kernel does not say).
    static double threadRunQueueMs();
};

} // namespace lockscope::test
