#include "fleet/ServerWatch.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"

#include <QtTest>

#include <mutex>
#include <thread>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {

// What a watch told, kept for the test's thread.
struct Told : ServerWatchObserver
{
    mutable std::mutex mutex;
    std::vector<WatchStatus> statuses;
    int listings = 0;
    std::vector<LockEvent> away;

    void statusChanged(const WatchStatus& status) override
    {
        std::lock_guard lock(mutex);
        statuses.push_back(status);
    }
    void listed(const std::vector<SharedLockSnapshot>&, const WatchingMode&, bool) override
    {
        std::lock_guard lock(mutex);
        ++listings;
    }
    void changedWhileAway(const LockEvent& event) override
    {
        std::lock_guard lock(mutex);
        away.push_back(event);
    }
    void lockChanged(const LockEvent&) override { }
    void gap(long long, long long, const std::string&) override { }

    std::vector<WatchStatus::State> states() const
    {
        std::lock_guard lock(mutex);
        std::vector<WatchStatus::State> all;
        for (const auto& status : statuses)
            all.push_back(status.state);
        return all;
    }
    std::vector<WatchStatus> inState(WatchStatus::State state) const
    {
        std::lock_guard lock(mutex);
        std::vector<WatchStatus> found;
        for (const auto& status : statuses)
            if (status.state == state)
                found.push_back(status);
        return found;
    }
    int listingCount() const
    {
        std::lock_guard lock(mutex);
        return listings;
    }
    std::vector<LockEvent> awayEvents() const
    {
        std::lock_guard lock(mutex);
        return away;
    }
};

ServerWatchOptions quickOptions()
{
    ServerWatchOptions options;
    options.firstBackoff = 100ms;
    options.longestBackoff = 1000ms;
    return options;
}

} // namespace

// The one supervisor of a server's watch (the CLI's and the GUI's): where it stands as data,
// its doubling pause, giving up on wrong settings, and a listing asked for.
class tst_ServerWatch : public QObject
{
    Q_OBJECT

private slots:
    void aLostServerIsRetriedWithADoublingPauseAndItsReason()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ServerWatch watch(test::optionsFor(*server), quickOptions());
        Told told;
        CancellationToken cancel;
        std::thread running([&] { (void)watch.run(cancel, told); });
        QTRY_VERIFY_WITH_TIMEOUT(!told.inState(WatchStatus::State::Live).empty(), 20000);
        server->kill();
        QTRY_VERIFY_WITH_TIMEOUT(told.inState(WatchStatus::State::Reconnecting).size() >= 3, 20000);
        cancel.cancel();
        running.join();

        const auto retries = told.inState(WatchStatus::State::Reconnecting);
        for (size_t i = 0; i < 3; ++i) {
            QCOMPARE(retries[i].attempt, int(i) + 1);
            QCOMPARE(retries[i].retryIn.count(), 100LL << i);
            QVERIFY(retries[i].reason.has_value());
        }
        const auto states = told.states();
        QCOMPARE(states.front(), WatchStatus::State::Connecting);
        QCOMPARE(states[1], WatchStatus::State::Listing);
        QCOMPARE(states[2], WatchStatus::State::Live);
        QCOMPARE(told.inState(WatchStatus::State::Live).front().mode.has_value(), true);
    }

    void wrongSettingsAreGivenUpNotRetried()
    {
        auto server = test::startServer(test::aclWithOnlyUser("ops", "secret"));
        QVERIFY(server);
        ConnectionOptions options = test::optionsFor(*server);
        options.user = "ops";
        options.password = "wrong";
        ServerWatch watch(options, quickOptions());
        Told told;
        CancellationToken cancel;
        const Status ran = watch.run(cancel, told); // returns by itself
        QVERIFY(!ran);
        QCOMPARE(ran.error().kind, ErrorKind::AuthFailed);
        QCOMPARE(told.states().back(), WatchStatus::State::GaveUp);
        QVERIFY(told.inState(WatchStatus::State::Reconnecting).empty());
        QCOMPARE(told.listingCount(), 0);
    }

    void aListingAskedForReportsWhatTheWatchCouldNotHear()
    {
        auto server = test::startServer();
        QVERIFY(server);
        ServerWatch watch(test::optionsFor(*server), quickOptions());
        Told told;
        CancellationToken cancel;
        std::thread running([&] { (void)watch.run(cancel, told); });
        QTRY_VERIFY_WITH_TIMEOUT(!told.inState(WatchStatus::State::Live).empty(), 20000);
        // Without notifications the watch hears nothing of this lock until it lists again.
        auto redis = test::connectTo(*server);
        QVERIFY(redis);
        QVERIFY(redis->command({"CONFIG", "SET", "notify-keyspace-events", ""}));
        QVERIFY(redis->command({"SET", "lock:unheard", test::LockFormats::randomHex(32), "PX", "60000"}));
        watch.relist();
        QTRY_VERIFY_WITH_TIMEOUT(!told.awayEvents().empty(), 20000);
        cancel.cancel();
        running.join();

        const auto away = told.awayEvents();
        QCOMPARE(away.size(), size_t(1));
        QCOMPARE(away.front().type, LockEvent::Type::Appeared);
        QCOMPARE(away.front().lock->name, std::string("lock:unheard"));
        QVERIFY(away.front().missedSinceMs.has_value());
        QCOMPARE(told.listingCount(), 2);
        QVERIFY(told.inState(WatchStatus::State::Reconnecting).empty()); // asked for, not lost
    }
};

QTEST_GUILESS_MAIN(tst_ServerWatch)
#include "tst_ServerWatch.moc"
