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
    // Every code a command returns is here, and nothing else (docs: --help, the manual page).
    static const std::vector<ExitCodeMeaning> meanings {
        {"0", "success"},
        {"1",
            "release or extend: nothing done; demo: the expected outcome did not happen; stress: a "
            "safe kind showed mutual-exclusion violations"},
        {"64",
            "a usage mistake: unknown option or command, missing or bad value, a prompt without a "
            "terminal"},
        {"65", "history: the database is not LockScope's or not understood"},
        {"68", "several servers were asked and only some of them answered"},
        {"69", "the server (or the history database) cannot be reached or answers it is not ready"},
        {"70", "an internal or server error; lock: the lock was lost while COMMAND ran"},
        {"74",
            "the output could not be written (a full disk); a closed pipe (| head) ends with 141, SIGPIPE's"},
        {"75", "lock: not acquired within --wait"},
        {"76", "the server's reply broke the protocol or was too large"},
        {"77", "refused: authentication, ACL or --read-only"},
        {"128+N", "interrupted by signal N while waiting or scanning (130: Ctrl-C)"},
        {"other",
            "lock: COMMAND's own exit code (-E and --failure-exit-code move lock's own codes away "
            "from it)"},
    };
    return meanings;
}

} // namespace lockscope
