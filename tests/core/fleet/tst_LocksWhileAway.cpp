#include "fleet/LocksWhileAway.h"

#include <QtTest>

#include <map>
#include <string>

using namespace lockscope;

namespace {

SharedLockSnapshot lock(const std::string& name, const std::string& holder, long long ttlMs = 30000,
    const std::string& node = "127.0.0.1:6379")
{
    LockSnapshot snapshot;
    snapshot.name = name;
    snapshot.node = node;
    snapshot.kind = LockKind::Token;
    snapshot.keys = {name};
    snapshot.ttlMs = ttlMs;
    LockHolder holder_;
    holder_.owner = holder;
    snapshot.holders.push_back(holder_);
    return SharedLockSnapshot(std::move(snapshot));
}

// name -> what happened to it, in words ("appeared", "changed", ...).
std::map<std::string, std::string> byName(const std::vector<LockEvent>& events)
{
    std::map<std::string, std::string> named;
    for (const auto& event : events)
        named[event.lock->name] = std::string(LockEvent::typeName(event.type));
    return named;
}

} // namespace

// The one comparison of two listings of a server (a reconnect, a listing asked for): what
// appeared, changed and went meanwhile, as the events a watch would have reported.
class tst_LocksWhileAway : public QObject
{
    Q_OBJECT

private slots:
    void findsWhatAppearedChangedAndWentMeanwhile()
    {
        const std::vector<SharedLockSnapshot> before {
            lock("lock:changed", "holder-1"), lock("lock:gone", "holder-2"), lock("lock:kept", "holder-3")};
        const std::vector<SharedLockSnapshot> now {lock("lock:appeared", "holder-4"),
            lock("lock:changed", "holder-5"), lock("lock:kept", "holder-3")};
        const auto events = LocksWhileAway::between(before, now, 1000, 5000);
        const std::map<std::string, std::string> expected {
            {"lock:appeared", "appeared"}, {"lock:changed", "changed"}, {"lock:gone", "released"}};
        QCOMPARE(byName(events), expected);
        for (const auto& event : events) {
            QCOMPARE(event.missedSinceMs, std::optional<long long>(1000));
            QCOMPARE(event.atMs, 5000LL);
        }
    }

    void aChangedLockCarriesItsNewStateAndWhatChanged()
    {
        const auto events
            = LocksWhileAway::between({lock("lock:a", "holder-1")}, {lock("lock:a", "holder-2")}, 1, 2);
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(events.front().lock->holders.front().owner, std::string("holder-2"));
        QVERIFY(events.front().changes.hasAnyOf(LockChange::Holders));
    }

    void aLockWhoseCountdownAloneMovedDidNotChange()
    {
        const auto events = LocksWhileAway::between(
            {lock("lock:a", "holder-1", 30000)}, {lock("lock:a", "holder-1", 21000)}, 1, 2);
        QVERIFY(events.empty());
    }

    void theSameNameOnAnotherMasterIsAnotherLock()
    {
        const auto events = LocksWhileAway::between({lock("lock:a", "h", 30000, "10.0.0.1:6379")},
            {lock("lock:a", "h", 30000, "10.0.0.2:6379")}, 1, 2);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(events[0].type, LockEvent::Type::Appeared);
        QCOMPARE(events[0].lock->node, std::string("10.0.0.2:6379"));
        QCOMPARE(events[1].type, LockEvent::Type::Released);
        QCOMPARE(events[1].lock->node, std::string("10.0.0.1:6379"));
    }
};

QTEST_GUILESS_MAIN(tst_LocksWhileAway)
#include "tst_LocksWhileAway.moc"
