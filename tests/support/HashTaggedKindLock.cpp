#include "support/HashTaggedKindLock.h"

#include "locks/LockFactory.h"
#include "locks/LockKeyNames.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"

#include <QtTest>

namespace lockscope::test {

std::vector<HashTaggedKindLock> HashTaggedKindLock::everyKind()
{
    return {{LockAlgorithm::Token, "orders:{42}", true, LockKind::Token},
        {LockAlgorithm::Token, "invoice-lock:{42}", false, LockKind::Token},
        {LockAlgorithm::Legacy, "nightly-lock:{42}", true, LockKind::Legacy},
        {LockAlgorithm::Reentrant, "orders:{42}", true, LockKind::Reentrant},
        {LockAlgorithm::Reentrant, "orders:{42}", false, LockKind::Reentrant},
        {LockAlgorithm::Fair, "orders:{42}", true, LockKind::Fair},
        {LockAlgorithm::Read, "orders:{42}", true, LockKind::ReadWrite, HolderMode::Read},
        {LockAlgorithm::Write, "orders:{42}", true, LockKind::ReadWrite, HolderMode::Write},
        {LockAlgorithm::Semaphore, "orders:{42}", true, LockKind::Semaphore, HolderMode::Permit},
        {LockAlgorithm::Redlock, "payout-lock:{42}", true, LockKind::Token}};
}

void HashTaggedKindLock::addRows()
{
    QTest::addColumn<int>("index");
    const auto kinds = everyKind();
    for (size_t i = 0; i < kinds.size(); ++i)
        QTest::newRow(
            (std::string(lockAlgorithmName(kinds[i].kind)) + (kinds[i].fenced ? "" : " unfenced")).c_str())
            << int(i);
}

Result<HashTaggedKindLock::Taken> HashTaggedKindLock::take(
    const ConnectionOptions& connection, RedisConnection& server) const
{
    LockSpec spec;
    spec.kind = kind;
    spec.name = name;
    spec.connection = connection;
    if (kind == LockAlgorithm::Redlock)
        spec.nodes = {connection};
    spec.fenced = fenced || LockFactory::noFenceRefusal(kind).has_value();
    auto lock = LockFactory::create(spec);
    if (!lock)
        return lock.error();
    auto acquired = (*lock)->acquire(tryOnce());
    if (!acquired)
        return acquired.error();
    if (!acquired->acquired())
        return makeError(ErrorKind::Internal, name + " was not free");
    if (listedAs == LockKind::Fair) {
        const std::string waiter = LockFormats::clientA + ":7";
        if (auto queued = server.command({"RPUSH", LockKeyNames::fairQueue(name), waiter}); !queued)
            return queued.error();
        if (auto timed = server.command({"ZADD", LockKeyNames::fairTimeouts(name),
                std::to_string(LockFormats::serverNowMs(server) + 60000), waiter});
            !timed)
            return timed.error();
    }
    return Taken {std::move(*lock), acquired->fence};
}

} // namespace lockscope::test
