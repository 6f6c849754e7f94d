#pragma once

#include "monitor/LockUpdateBatch.h"

#include <QtCore/qnamespace.h>

#include <atomic>
#include <mutex>
#include <utility>

namespace lockscope::ui {

// Hands lock updates from the monitor thread to the GUI thread. The monitor pushes every event
// as it comes; the GUI takes everything at once after a short delay, so a burst of thousands of
// events becomes one batch (one model update) instead of thousands of queued signals.
// The other way, it tells the monitor the order the table shows its rows in: a listing sorted
// in that order goes into the table as blocks appended at its end.
class LockUpdateQueue
{
public:
    // Returns true when the queue was empty: the caller then tells the GUI (once per batch).
    bool push(LockUpdateBatch batch);
    LockUpdateBatch take();

    // The table's sort column (-1: unsorted) and order.
    void setListingOrder(int column, Qt::SortOrder order) { m_listingOrder = column * 2 + int(order); }
    std::pair<int, Qt::SortOrder> listingOrder() const
    {
        const int packed = m_listingOrder;
        return {packed < 0 ? -1 : packed / 2, packed < 0 ? Qt::AscendingOrder : Qt::SortOrder(packed % 2)};
    }

private:
    std::atomic<int> m_listingOrder {-1};
    std::mutex m_mutex;
    LockUpdateBatch m_pending;
};

} // namespace lockscope::ui
