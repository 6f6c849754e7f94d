#include "common/RedisError.h"

#include "common/EnumNames.h"

namespace lockscope {

namespace {
bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}
} // namespace

RedisError RedisError::fromServerReply(std::string_view reply)
{
    RedisError error {ErrorKind::ServerError, std::string(reply)};
    if (startsWith(reply, "WRONGPASS") || startsWith(reply, "NOAUTH")
        || startsWith(reply, "ERR invalid password") || startsWith(reply, "ERR AUTH"))
        error.kind = ErrorKind::AuthFailed;
    else if (startsWith(reply, "NOPERM"))
        error.kind = ErrorKind::NoPermission;
    else if (startsWith(reply, "READONLY"))
        error.kind = ErrorKind::ReadOnlyReplica;
    else if (startsWith(reply, "LOADING"))
        error.kind = ErrorKind::Loading;
    else if (startsWith(reply, "CROSSSLOT"))
        error.kind = ErrorKind::CrossSlot;
    else if (startsWith(reply, "MOVED") || startsWith(reply, "ASK") || startsWith(reply, "TRYAGAIN")
        || startsWith(reply, "CLUSTERDOWN"))
        error.kind = ErrorKind::Redirect;
    return error;
}

std::string RedisError::toString() const
{
    return std::string(errorKindName(kind)) + ": " + message;
}

std::string_view errorKindName(ErrorKind kind)
{
    static constexpr std::array<std::string_view, 19> names {"usage", "connection refused", "timeout",
        "disconnected", "authentication failed", "no permission", "TLS handshake failed",
        "TLS verification failed", "refused by read-only mode", "read-only replica", "server loading",
        "cross-slot", "cluster redirect", "reply too large", "protocol error", "server error", "not found",
        "internal error", "not a LockScope database"};
    return enumName<ErrorKind::ForeignData>(kind, names, "unknown");
}

} // namespace lockscope
