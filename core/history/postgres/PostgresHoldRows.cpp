#include "history/postgres/PostgresHoldRows.h"

#include "history/postgres/PostgresResult.h"

namespace lockscope {

HoldRecord PostgresHoldRows::read(const PostgresResult& rows, int row)
{
    HoldRecord hold;
    hold.lock = rows.bytes(row, 0);
    hold.node = rows.bytes(row, 1);
    hold.kind = rows.text(row, 2);
    hold.library = rows.text(row, 3);
    hold.holder = rows.bytes(row, 4);
    hold.mode = rows.text(row, 5);
    hold.startedMs = rows.integer(row, 6);
    hold.endedMs = rows.optionalInteger(row, 7);
    // An ending this version does not know (a newer writer's) reads as still open.
    const long long ending = rows.optionalInteger(row, 8).value_or(0);
    hold.ending = ending >= 1 && ending <= 4 ? static_cast<HoldEnding>(ending) : HoldEnding::Open;
    hold.fence = rows.optionalInteger(row, 9);
    hold.maxReentries = rows.integer(row, 10);
    hold.maxWaiters = rows.integer(row, 11);
    return hold;
}

} // namespace lockscope
