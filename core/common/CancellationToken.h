#pragma once

#include <atomic>

namespace lockscope {

// Lets another thread stop a wait in progress (a GUI "stop" button, a CLI signal handler).
class CancellationToken
{
public:
    void cancel() { m_cancelled.store(true, std::memory_order_release); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_acquire); }

private:
    std::atomic<bool> m_cancelled {false};
};

} // namespace lockscope
