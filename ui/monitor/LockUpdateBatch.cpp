#include "monitor/LockUpdateBatch.h"

namespace lockscope::ui {

void LockUpdateBatch::append(LockUpdateBatch later)
{
    if (later.reset) {
        *this = std::move(later);
        return;
    }
    if (changes.isEmpty()) {
        changes = std::move(later.changes);
        return;
    }
    changes.append(std::move(later.changes));
}

} // namespace lockscope::ui
