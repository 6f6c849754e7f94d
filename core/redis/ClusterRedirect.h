#pragma once

#include "redis/ConnectionOptions.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace lockscope {

// A cluster node's answer that the command belongs elsewhere or must wait:
// "MOVED <slot> <host>:<port>", "ASK <slot> <host>:<port>", "TRYAGAIN ...", "CLUSTERDOWN ...".
struct ClusterRedirect
{
    enum class Kind
    {
        Moved,
        Ask,
        TryAgain,
        ClusterDown
    };

    Kind kind = Kind::Moved;
    uint16_t slot = 0; // Moved and Ask only
    HostPort node; // Moved and Ask only

    // Parses an error reply's text; nullopt when it is no redirect (or a malformed one).
    // An empty host ("MOVED 3999 :6380") means the host of `answeredBy`, as Redis documents.
    static std::optional<ClusterRedirect> parse(std::string_view errorText, const HostPort& answeredBy);
};

} // namespace lockscope
