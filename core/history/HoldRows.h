#pragma once

#include "history/HistoryTable.h"
#include "history/HoldRecord.h"

#include <string>

namespace lockscope {

class SqliteStatement;

// How a hold is read back from the history: one column list for every query of holds (the
// queries add their WHERE and ORDER), and the record made from a row of it.
class HoldRows
{
public:
    // "SELECT <the columns> FROM holds h JOIN locks l ON l.id = h.lock_id "; `withApiName` false
    // for a database older than the locks' library names (its column reads as NULL),
    // `withServer` false for one whose locks name no server (reads as '').
    static std::string select(bool withApiName = true, bool withServer = true);
    static HoldRecord read(const HistoryTable& rows, size_t row);
    static HoldRecord read(const SqliteStatement& row);
};

} // namespace lockscope
