#include "history/postgres/PostgresSourceClaim.h"

#include "history/postgres/PostgresParams.h"

#include <chrono>
#include <thread>

namespace lockscope {

namespace {
// How long a recorder waits for the claim on its source before it is refused.
constexpr std::chrono::milliseconds claimPatience {2000};
} // namespace

Status PostgresSourceClaim::claim(PostgresConnection& connection, const std::string& source)
{
    // A recorder that has just stopped (or whose connection just dropped) still holds the claim
    // until its server process has noticed and ended: asked again for a while before refusing.
    const auto giveUpAt = std::chrono::steady_clock::now() + claimPatience;
    for (;;) {
        auto claimed = connection.query("SELECT pg_try_advisory_lock(hashtextextended($1, 0))",
            PostgresParams().text("lockscope recorder " + source));
        if (!claimed)
            return claimed.error();
        if (claimed->text(0, 0) == "t")
            return Done {};
        if (std::chrono::steady_clock::now() >= giveUpAt)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return makeError(ErrorKind::Timeout,
        "history database " + connection.url() + " is being recorded for " + source
            + " by another recorder; a second recorder on the same server is refused (it takes over"
              " once the first one has stopped)");
}

} // namespace lockscope
