#pragma once

#include "history/HoldRecord.h"

namespace lockscope {

class PostgresResult;

// How a hold is read back from a PostgreSQL history (the counterpart of HoldRows): one column
// list for every query of holds, and the record made from a row of it.
class PostgresHoldRows
{
public:
    // "SELECT <the columns> FROM holds h JOIN locks l ON l.id = h.lock_id "
    static const char* select();
    static HoldRecord read(const PostgresResult& rows, int row);
};

} // namespace lockscope
