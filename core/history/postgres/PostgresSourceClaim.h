#pragma once

#include "common/Result.h"
#include "history/postgres/PostgresConnection.h"

#include <string>

namespace lockscope {

// One recorder per source (a Redis deployment) in a shared history database: a session-level
// advisory lock on the source's name, held for as long as the recorder's connection lives.
class PostgresSourceClaim
{
public:
    // Takes the claim, or refuses (Timeout) while another recorder holds it.
    static Status claim(PostgresConnection& connection, const std::string& source);
};

} // namespace lockscope
