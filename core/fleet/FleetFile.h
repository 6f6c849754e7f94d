#pragma once

#include "common/Result.h"
#include "fleet/Fleet.h"
#include "fleet/TextResult.h"

#include <functional>
#include <string>
#include <string_view>

namespace lockscope {

// A fleet written down, one server per line (see docs/fleet.md):
//   # a comment (a line whose first character that is not a space is #)
//   redis://10.0.0.5:6379 orders          a URL (any form parseRedisUrl reads), then a name
//   rediss://cache.internal:6380          no name: host:port
//   profile Production                    a saved connection profile, by its name
//   profile "EU staging" staging-eu       quoted when the profile's name has spaces
// Blank lines are skipped. The same server twice is merged with a note (see Fleet). A line that
// is neither is refused with the file's name and the line's number; so is a file without servers.
class FleetFile
{
public:
    // Finds a saved profile by name: the member it makes, or why there is none.
    using ProfileLookup = std::function<TextResult<FleetMember>(const std::string& profile)>;
    // Makes a line's URL into connection options (the CLI applies its connection flags to it).
    using UrlReader = std::function<Result<ConnectionOptions>(const std::string& url)>;
    static constexpr size_t maxBytes = 1024 * 1024;

    // The fleet, or why the file is refused (naming the file, and the line where one is to blame).
    static TextResult<Fleet> parse(std::string_view text, const std::string& fileName, const UrlReader& urls,
        const ProfileLookup& profiles);
    static TextResult<Fleet> read(
        const std::string& path, const UrlReader& urls, const ProfileLookup& profiles);
    // Each URL read over `base` (parseRedisUrl).
    static UrlReader over(ConnectionOptions base);
};

} // namespace lockscope
