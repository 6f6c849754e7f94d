#include "cli/ExitCode.h"

namespace lockscope {

int exitCodeFor(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Usage:
        return ExitUsage;
    case ErrorKind::ForeignData:
        return ExitDataError;
    case ErrorKind::AuthFailed:
    case ErrorKind::NoPermission:
    case ErrorKind::ReadOnlyRefused:
        return ExitNoPermission;
    case ErrorKind::Protocol:
    case ErrorKind::ReplyTooLarge:
        return ExitProtocol;
    case ErrorKind::ServerError:
    case ErrorKind::CrossSlot:
    case ErrorKind::Internal:
        return ExitSoftware;
    case ErrorKind::ConnectionRefused:
    case ErrorKind::Timeout:
    case ErrorKind::Disconnected:
    case ErrorKind::TlsHandshake:
    case ErrorKind::TlsVerification:
    case ErrorKind::ReadOnlyReplica:
    case ErrorKind::Loading:
    case ErrorKind::Redirect:
    case ErrorKind::NotFound:
        return ExitUnavailable;
    }
    return ExitSoftware;
}

} // namespace lockscope
