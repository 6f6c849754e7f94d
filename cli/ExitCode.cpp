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

const std::vector<ExitCodeMeaning>& exitCodeMeanings()
{
    static const std::vector<ExitCodeMeaning> meanings {
        {ExitOk, "success"},
        {ExitNotDone, "release or extend: nothing done; demo: the expected outcome did not happen"},
        {ExitUsage, "a usage mistake: unknown option or command, missing or bad value"},
        {ExitSomeUnavailable, "several servers were asked and only some of them answered"},
        {ExitUnavailable, "the server cannot be reached or answers it is not ready"},
        {ExitSoftware, "an internal or server error; lock: the lock was lost while COMMAND ran"},
        {ExitTempFail, "lock: not acquired within --wait"},
        {ExitProtocol, "the server's reply broke the protocol or was too large"},
        {ExitNoPermission, "refused: authentication, ACL or --read-only"},
    };
    return meanings;
}

} // namespace lockscope
