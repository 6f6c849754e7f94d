#include "common/RedisError.h"

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
    switch (kind) {
    case ErrorKind::Usage:
        return "usage";
    case ErrorKind::ConnectionRefused:
        return "connection refused";
    case ErrorKind::Timeout:
        return "timeout";
    case ErrorKind::Disconnected:
        return "disconnected";
    case ErrorKind::AuthFailed:
        return "authentication failed";
    case ErrorKind::NoPermission:
        return "no permission";
    case ErrorKind::TlsHandshake:
        return "TLS handshake failed";
    case ErrorKind::TlsVerification:
        return "TLS verification failed";
    case ErrorKind::ReadOnlyRefused:
        return "refused by read-only mode";
    case ErrorKind::ReadOnlyReplica:
        return "read-only replica";
    case ErrorKind::Loading:
        return "server loading";
    case ErrorKind::CrossSlot:
        return "cross-slot";
    case ErrorKind::Redirect:
        return "cluster redirect";
    case ErrorKind::ReplyTooLarge:
        return "reply too large";
    case ErrorKind::Protocol:
        return "protocol error";
    case ErrorKind::ServerError:
        return "server error";
    case ErrorKind::NotFound:
        return "not found";
    case ErrorKind::Internal:
        return "internal error";
    }
    return "error";
}

} // namespace lockscope
