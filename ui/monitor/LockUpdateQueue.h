#pragma once

#include "monitor/LockUpdateBatch.h"

#include <mutex>

namespace lockscope::ui {

// Hands lock updates from the monitor thread to the GUI thread. The monitor pushes every event
// as it comes; the GUI takes everything at once after a short delay, so a burst of thousands of
// events becomes one batch (one model update) instead of thousands of queued signals.
class LockUpdateQueue
{
public:
    // Returns true when the queue was empty: the caller then tells the GUI (once per batch).
    bool push(LockUpdateBatch batch);
    LockUpdateBatch take();

private:
    std::mutex m_mutex;
    LockUpdateBatch m_pending;
};

} // namespace lockscope::ui
