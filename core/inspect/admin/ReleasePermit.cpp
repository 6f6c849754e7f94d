#include "inspect/admin/ReleasePermit.h"

#include "inspect/recognizers/RecognizerCatalog.h"

namespace lockscope {

Result<AdminResult> ReleasePermit::release(
    RedisConnection& connection, const LockSnapshot& semaphore, const std::string& owner)
{
    if (connection.options().readOnly)
        return makeError(
            ErrorKind::ReadOnlyRefused, "releasing a permit refused: the connection is read-only");
    if (semaphore.kind != LockKind::Semaphore)
        return makeError(ErrorKind::Usage, "'" + semaphore.name + "' is not a semaphore");
    const LockHolder* holder = nullptr;
    for (const auto& candidate : semaphore.holders) {
        if (candidate.owner == owner)
            holder = &candidate;
    }
    if (!holder)
        return makeError(
            ErrorKind::Usage, "no permit holder '" + owner + "' was observed on '" + semaphore.name + "'");

    // The format that made the semaphore knows how its library gives a permit back.
    std::optional<RedisCommand> command;
    for (const auto& recognizer : RecognizerCatalog::all()) {
        if (!command)
            command = recognizer->permitRelease(semaphore, *holder);
    }
    if (!command)
        return makeError(ErrorKind::Usage,
            "cannot give back a permit of a " + std::string(lockLibraryName(semaphore.library))
                + " semaphore safely");
    auto reply = connection.command(*command);
    if (!reply)
        return reply.error();
    if (!reply->isInteger())
        return makeError(ErrorKind::Protocol, "the permit script replied " + reply->describe());
    AdminResult result;
    if (reply->integer() > 0) {
        result.outcome = AdminOutcome::Done;
        result.message
            = UserText(LOCKSCOPE_TEXT("ReleasePermit", "%1 permit(s) given back"), reply->integer());
    } else {
        result.outcome = AdminOutcome::HolderChanged;
        result.message
            = UserText(LOCKSCOPE_TEXT("ReleasePermit", "not released: the holder no longer has that permit"));
    }
    return result;
}

} // namespace lockscope
