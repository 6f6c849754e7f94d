#include "history/HoldRows.h"

#include "history/SqliteStatement.h"

namespace lockscope {

std::string HoldRows::select(bool withApiName, bool withServer)
{
    return std::string("SELECT l.name, l.node, l.kind, l.library, h.holder, h.mode, h.started_ms, h.ended_ms,"
                       " h.ending, h.fence, h.max_reentries, h.max_waiters, ")
        + (withApiName ? "l.api_name" : "NULL") + ", " + (withServer ? "l.source" : "''")
        + " FROM holds h JOIN locks l ON l.id = h.lock_id ";
}

HoldRecord HoldRows::read(const HistoryTable& rows, size_t row)
{
    HoldRecord hold;
    hold.lock = rows.bytes(row, 0);
    hold.node = rows.bytes(row, 1);
    hold.kind = rows.bytes(row, 2);
    hold.library = rows.bytes(row, 3);
    hold.holder = rows.bytes(row, 4);
    // A mode this version does not know (a newer writer's) reads as exclusive.
    hold.mode = holderModeNames.parse(rows.bytes(row, 5)).value_or(HolderMode::Exclusive);
    hold.startedMs = rows.integer(row, 6);
    hold.endedMs = rows.optionalInteger(row, 7);
    // An ending this version does not know (a newer writer's) reads as still open.
    const long long ending = rows.optionalInteger(row, 8).value_or(0);
    hold.ending = ending >= 1 && ending <= 4 ? static_cast<HoldEnding>(ending) : HoldEnding::Open;
    hold.fence = rows.optionalInteger(row, 9);
    hold.maxReentries = rows.integer(row, 10);
    hold.maxWaiters = rows.integer(row, 11);
    hold.apiName = rows.bytes(row, 12);
    hold.server = rows.bytes(row, 13);
    return hold;
}

HoldRecord HoldRows::read(const SqliteStatement& row)
{
    HistoryTable rows;
    row.appendTo(rows);
    return read(rows, 0);
}

} // namespace lockscope
