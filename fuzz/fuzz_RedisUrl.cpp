// The URL parser on any text: it never crashes or reads out of bounds, and what it accepts is
// usable: a TCP URL names a host and a port in 1..65535 (sentinels too), a socket URL names a
// path, a sentinel URL names its master, and a database number is never negative.
#include "redis/RedisUrl.h"
#include "support/Crash.h"

#include <string>

using namespace lockscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    const std::string url(reinterpret_cast<const char*>(bytes), size);
    auto parsed = parseRedisUrl(url);
    if (!parsed)
        return 0;
    LOCKSCOPE_FUZZ_CHECK(parsed->database >= 0);
    if (parsed->transport == ConnectionOptions::Transport::Unix) {
        LOCKSCOPE_FUZZ_CHECK(!parsed->unixPath.empty());
    } else if (parsed->topology == ConnectionOptions::Topology::Sentinel) {
        LOCKSCOPE_FUZZ_CHECK(!parsed->sentinels.empty() && !parsed->sentinelMaster.empty());
        for (const auto& sentinel : parsed->sentinels)
            LOCKSCOPE_FUZZ_CHECK(!sentinel.host.empty() && sentinel.port >= 1 && sentinel.port <= 65535);
    } else {
        LOCKSCOPE_FUZZ_CHECK(!parsed->host.empty() && parsed->port >= 1 && parsed->port <= 65535);
    }
    return 0;
}
