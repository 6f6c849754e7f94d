#pragma once

#include "common/Result.h"

#include <atomic>
#include <memory>
#include <string>
#include <thread>

namespace lockscope {

// A small TCP proxy between one stress client and the redis-server, on 127.0.0.1 (a free port
// the kernel picks): the partition drill's way to cut a client's path to Redis without touching
// the host's network. Passing, it forwards both directions; stalled, it stops reading and
// writing (what was sent waits in the socket buffers and arrives after the heal); dropping, it
// reads and discards (the connection's stream is broken, as when packets are lost for good and
// the peer gives up). One thread polls every connection it carries.
class ChaosProxy
{
public:
    enum class Mode
    {
        Pass,
        Stall,
        Drop,
    };

    // Listens on 127.0.0.1:<free port> and forwards to targetHost:targetPort.
    static Result<std::unique_ptr<ChaosProxy>> start(const std::string& targetHost, int targetPort);
    ~ChaosProxy(); // stops the thread and closes every connection
    ChaosProxy(const ChaosProxy&) = delete;
    ChaosProxy& operator=(const ChaosProxy&) = delete;

    int port() const { return m_port; }
    void setMode(Mode mode);
    Mode mode() const { return m_mode.load(std::memory_order_acquire); }

private:
    ChaosProxy(int listenFd, int port, int wakeRead, int wakeWrite, std::string targetHost, int targetPort);
    void loop();
    void wake();

    const int m_listenFd;
    const int m_port;
    const int m_wakeRead;
    const int m_wakeWrite;
    const std::string m_targetHost;
    const int m_targetPort;
    std::atomic<Mode> m_mode {Mode::Pass};
    std::atomic<bool> m_stopping {false};
    std::thread m_thread;
};

} // namespace lockscope
