#include "inspect/admin/ReleasePermit.h"

#include "inspect/recognizers/RecognizerCatalog.h"

namespace lockscope {

namespace {

// The command its format writes to give back `holder`'s permits, or nullopt.
std::optional<RedisCommand> permitCommand(const LockSnapshot& semaphore, const LockHolder& holder)
{
    for (const auto& recognizer : RecognizerCatalog::all()) {
        if (auto command = recognizer->permitRelease(semaphore, holder))
            return command;
    }
    return std::nullopt;
}

RedisError cannotGiveBack(const LockSnapshot& semaphore)
{
    return makeError(ErrorKind::Usage,
        "cannot give back a permit of a " + std::string(lockLibraryName(semaphore.library))
            + " semaphore safely");
}

} // namespace

Result<AdminResult> ReleasePermit::releaseAll(RedisConnection& connection, const LockSnapshot& semaphore)
{
    if (connection.options().readOnly)
        return makeError(
            ErrorKind::ReadOnlyRefused, "releasing the permits refused: the connection is read-only");
    if (semaphore.kind != LockKind::Semaphore)
        return makeError(ErrorKind::Usage, "'" + semaphore.name + "' is not a semaphore");
    if (semaphore.holders.empty())
        return makeError(ErrorKind::Usage, "nobody holds a permit of '" + semaphore.name + "'");
    std::vector<RedisCommand> commands;
    for (const auto& holder : semaphore.holders) {
        auto command = permitCommand(semaphore, holder);
        if (!command)
            return cannotGiveBack(semaphore);
        commands.push_back(std::move(*command));
    }
    long long permits = 0;
    long long holders = 0;
    for (const auto& command : commands) {
        auto reply = connection.command(command);
        if (!reply)
            return reply.error();
        if (!reply->isInteger())
            return makeError(ErrorKind::Protocol, "the permit script replied " + reply->describe());
        if (reply->integer() > 0) {
            permits += reply->integer();
            ++holders;
        }
    }
    AdminResult result;
    const auto gone = static_cast<long long>(commands.size()) - holders;
    if (holders == 0) {
        result.outcome = AdminOutcome::HolderChanged;
        result.message = UserText(
            LOCKSCOPE_TEXT("ReleasePermit", "not released: none of the holders has its permit any more"));
        return result;
    }
    result.outcome = AdminOutcome::Done;
    result.message = gone == 0
        ? UserText(
            LOCKSCOPE_TEXT("ReleasePermit", "%1 permit(s) of %2 holder(s) given back"), permits, holders)
        : UserText(LOCKSCOPE_TEXT("ReleasePermit",
                       "%1 permit(s) of %2 holder(s) given back; %3 holder(s) had let go meanwhile"),
            permits, holders, gone);
    return result;
}

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
    auto command = permitCommand(semaphore, *holder);
    if (!command)
        return cannotGiveBack(semaphore);
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
