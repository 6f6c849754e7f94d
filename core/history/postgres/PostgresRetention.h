#pragma once

#include "common/Result.h"
#include "history/postgres/PostgresConnection.h"

namespace lockscope {

// What a history database keeps: events, holds, gaps, alerts, marks and polling spans younger
// than the cutoff, the admin actions (audit) younger than their own, longer one, and the events
// and holds under a size. Each DELETE removes a bounded number
// of rows in a transaction of its own, so recorders and readers sharing the database never wait
// long for one.
class PostgresRetention
{
public:
    static Status apply(
        PostgresConnection& connection, long long cutoffMs, long long auditCutoffMs, long long maxBytes);
};

} // namespace lockscope
