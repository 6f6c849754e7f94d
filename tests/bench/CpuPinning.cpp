#include "CpuPinning.h"

namespace {
bool pinTo(pid_t pid, int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    return ::sched_setaffinity(pid, sizeof one, &one) == 0;
}
} // namespace

CpuPinning::CpuPinning(pid_t serverPid)
    : m_serverPid(serverPid)
{
    if (::sched_getaffinity(0, sizeof m_clientMask, &m_clientMask) != 0)
        return;
    cpu_set_t serverMask;
    if (::sched_getaffinity(serverPid, sizeof serverMask, &serverMask) != 0)
        return;
    for (int cpu = 0; cpu < CPU_SETSIZE && m_clientCpu < 0; ++cpu) {
        if (!CPU_ISSET(cpu, &m_clientMask))
            continue;
        if (m_serverCpu < 0)
            m_serverCpu = cpu;
        else
            m_clientCpu = cpu;
    }
    if (m_clientCpu < 0 || !pinTo(serverPid, m_serverCpu))
        return;
    m_serverMask = serverMask;
    m_active = pinTo(0, m_clientCpu);
}

CpuPinning::~CpuPinning()
{
    if (m_serverMask)
        (void)::sched_setaffinity(m_serverPid, sizeof *m_serverMask, &*m_serverMask);
    if (m_active)
        (void)::sched_setaffinity(0, sizeof m_clientMask, &m_clientMask);
}
