#include "support/HashTaggedKindLock.h"

#include "locks/LockFactory.h"
#include "locks/LockKeyNames.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"

#include <QtTest>

namespace lockscope::test {

std::vector<HashTaggedKindLock> HashTaggedKindLock::everyKind()
{
    return {{"token", "orders:{42}", true, LockKind::Token},
        {"token", "invoice-lock:{42}", false, LockKind::Token},
        {"legacy", "nightly-lock:{42}", true, LockKind::Legacy},
        {"reentrant", "orders:{42}", true, LockKind::Reentrant},
        {"reentrant", "orders:{42}", false, LockKind::Reentrant},
        {"fair", "orders:{42}", true, LockKind::Fair},
        {"read", "orders:{42}", true, LockKind::ReadWrite, HolderMode::Read},
        {"write", "orders:{42}", true, LockKind::ReadWrite, HolderMode::Write},
        {"semaphore", "orders:{42}", true, LockKind::Semaphore, HolderMode::Permit},
        {"redlock", "payout-lock:{42}", true, LockKind::Token}};
}

void HashTaggedKindLock::addRows()
{
    QTest::addColumn<int>("index");
    const auto kinds = everyKind();
    for (size_t i = 0; i < kinds.size(); ++i)
        QTest::newRow((kinds[i].kind + (kinds[i].fenced ? "" : " unfenced")).c_str()) << int(i);
}

Result<HashTaggedKindLock::Taken> HashTaggedKindLock::take(
    const ConnectionOptions& connection, RedisConnection& server) const
{
    LockSpec spec;
    spec.kind = kind;
    spec.name = name;
    spec.connection = connection;
    if (kind == "redlock")
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
