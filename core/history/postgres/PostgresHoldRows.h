#pragma once

#include "history/HoldRecord.h"

namespace lockscope {

class PostgresResult;

// A hold read back from a PostgreSQL history: the record made from a row of HoldRows::select()'s
// columns (the counterpart of HoldRows::read).
class PostgresHoldRows
{
public:
    static HoldRecord read(const PostgresResult& rows, int row);
};

} // namespace lockscope
