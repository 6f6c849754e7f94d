#pragma once

#include "redis/RedisConnection.h"

#include <string>

namespace lockscope::test {

// How many times the server has run `command` (lower case, e.g. "delifeq"), from INFO
// commandstats; 0 when it never has. Tells which command an operation really sent.
long long commandCalls(RedisConnection& connection, const std::string& command);

} // namespace lockscope::test
