#pragma once

#include <sys/types.h>

#include <optional>
#include <sched.h>

// Puts redis-server and the client side of a measurement on two different CPUs, and puts both
// back afterwards. On this kind of VM a round trip costs twice as much when the client's thread
// and the server land on different CPUs (a sleeping CPU must be woken) as when the scheduler
// happens to run them on one, and where a new thread or process lands changes from one run to
// the next. Pinned, redis-benchmark and the clients measured against it see the same placement:
// the one of a client and a server on separate machines.
class CpuPinning
{
public:
    // Pins `serverPid` (its main thread, which runs every command) to one allowed CPU and the
    // calling thread, and everything it starts from now on (threads, children), to another.
    // Nothing is pinned, and active() is false, when fewer than two CPUs are allowed.
    CpuPinning(pid_t serverPid);
    ~CpuPinning();
    CpuPinning(const CpuPinning&) = delete;
    CpuPinning& operator=(const CpuPinning&) = delete;

    bool active() const { return m_active; }
    int serverCpu() const { return m_serverCpu; }
    int clientCpu() const { return m_clientCpu; }

private:
    pid_t m_serverPid;
    cpu_set_t m_clientMask {};
    std::optional<cpu_set_t> m_serverMask;
    bool m_active = false;
    int m_serverCpu = -1;
    int m_clientCpu = -1;
};
