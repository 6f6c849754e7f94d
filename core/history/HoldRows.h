#pragma once

#include "history/HoldRecord.h"

namespace lockscope {

class SqliteStatement;

// How a hold is read back from the history: one column list for every query of holds (the
// queries add their WHERE and ORDER), and the record made from a row of it.
class HoldRows
{
public:
    // "SELECT <the columns> FROM holds h JOIN locks l ON l.id = h.lock_id "
    static const char* select();
    static HoldRecord read(const SqliteStatement& row);
};

} // namespace lockscope
