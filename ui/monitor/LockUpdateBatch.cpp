#include "monitor/LockUpdateBatch.h"

namespace lockscope::ui {

void LockUpdateBatch::append(LockUpdateBatch later)
{
    if (later.reset) {
        *this = std::move(later);
        return;
    }
    // A queue's batches all come from one server; the first one may be this empty default.
    server = later.server;
    if (changes.isEmpty()) {
        changes = std::move(later.changes);
        return;
    }
    changes.append(std::move(later.changes));
}

} // namespace lockscope::ui
