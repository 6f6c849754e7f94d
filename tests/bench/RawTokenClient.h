#pragma once

#include <chrono>
#include <optional>

// The floor under the token kind's single-client cycle: its exact commands (the MULTI/EXEC
// acquire, or with `fenced` false the plain SET NX PX, then the EVALSHA release) sent by the
// least a client can do, a blocking socket with a fixed request and no parsing beyond counting
// reply lines, for `duration`. What separates the stress engine from this is LockScope's own
// cost; what separates this from the two-SET limit is the server's (a transaction and a script
// cost it more than two SETs).
struct RawCycles
{
    long long cycles = 0;
    double seconds = 0;
};

std::optional<RawCycles> runRawTokenCycles(int port, bool fenced, std::chrono::milliseconds duration);
