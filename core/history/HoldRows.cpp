#include "history/HoldRows.h"

#include "history/SqliteStatement.h"

namespace lockscope {

const char* HoldRows::select()
{
    return "SELECT l.name, l.node, l.kind, l.library, h.holder, h.mode, h.started_ms, h.ended_ms,"
           " h.ending, h.fence, h.max_reentries, h.max_waiters FROM holds h JOIN locks l ON l.id = "
           "h.lock_id ";
}

HoldRecord HoldRows::read(const SqliteStatement& row)
{
    HoldRecord hold;
    hold.lock = row.bytes(0);
    hold.node = row.bytes(1);
    hold.kind = row.bytes(2);
    hold.library = row.bytes(3);
    hold.holder = row.bytes(4);
    hold.mode = row.bytes(5);
    hold.startedMs = row.integer(6);
    hold.endedMs = row.optionalInteger(7);
    // An ending this version does not know (a newer writer's) reads as still open.
    const long long ending = row.optionalInteger(8).value_or(0);
    hold.ending = ending >= 1 && ending <= 4 ? static_cast<HoldEnding>(ending) : HoldEnding::Open;
    hold.fence = row.optionalInteger(9);
    hold.maxReentries = row.integer(10);
    hold.maxWaiters = row.integer(11);
    return hold;
}

} // namespace lockscope
