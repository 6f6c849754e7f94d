#pragma once

#include <atomic>

namespace lockscope {

// Lets another thread stop a wait in progress (a GUI "stop" button, a CLI signal handler).
class CancellationToken
{
public:
    CancellationToken() = default;
    // Cancelled as well when `outer` is: one round of a longer job, which can be cancelled alone
    // (a watch's supervisor ends the current watch to list again) or with the whole job.
    explicit CancellationToken(const CancellationToken* outer)
        : m_outer(outer)
    {
    }
    CancellationToken(const CancellationToken&) = delete;
    CancellationToken& operator=(const CancellationToken&) = delete;

    void cancel() { m_cancelled.store(true, std::memory_order_release); }
    bool isCancelled() const
    {
        return m_cancelled.load(std::memory_order_acquire) || (m_outer && m_outer->isCancelled());
    }

private:
    std::atomic<bool> m_cancelled {false};
    const CancellationToken* m_outer = nullptr;
};

} // namespace lockscope
