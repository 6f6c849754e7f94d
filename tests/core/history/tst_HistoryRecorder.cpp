#include "core/history/HistoryTestEvents.h"
#include "history/HistoryLocation.h"
#include "history/HistoryQuery.h"
#include "history/HistoryRecorder.h"
#include "history/HistorySchema.h"
#include "history/audit/SharedAudit.h"
#include "support/ForkedChild.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <map>

using namespace lockscope;
using test::lockEvent;
using test::namedLockEvent;
using Type = LockEvent::Type;

namespace {
constexpr long long day = 86400000;
const TimeWindow always {0, 100 * day};

std::unique_ptr<HistoryRecorder> openRecorder(
    const std::string& path, long long nowMs, HistoryOptions options = {})
{
    auto recorder = HistoryRecorder::open(path, options, nowMs);
    if (!recorder) {
        qWarning("%s", recorder.error().message.c_str());
        return nullptr;
    }
    return std::move(*recorder);
}

std::vector<HoldRecord> holdsOf(const std::string& path, const std::string& lock)
{
    auto query = HistoryQuery::open(path);
    if (!query) {
        qWarning("%s", query.error().message.c_str());
        return {};
    }
    auto holds = query->holds(lock, always);
    return holds ? *holds : std::vector<HoldRecord> {};
}

QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Makes a SQLite file with one SQL script through the library itself (not the recorder).
bool makeDatabase(const std::string& path, const char* sql)
{
    sqlite3* database = nullptr;
    bool ok = sqlite3_open(path.c_str(), &database) == SQLITE_OK
        && sqlite3_exec(database, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(database);
    return ok;
}
} // namespace

// The recorder against real SQLite files in a temporary directory: holds derived from events,
// gaps, restarts, durability at batch boundaries, retention and the bad-database cases.
class tst_HistoryRecorder : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string file(const char* name) { return m_dir.filePath(name).toStdString(); }

private slots:
    void aHoldRunsFromAppearedToReleased()
    {
        const auto path = file("released.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->watchingResumed({}, 1000, {"test"}).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "orders:42", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Changed, "orders:42", {"A"}, 2500, 3, 2)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "orders:42", {"A"}, 4000)).ok());
        QVERIFY(recorder->flush(4000).ok());
        const auto holds = holdsOf(path, "orders:42");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].holder, std::string("A"));
        QCOMPARE(holds[0].startedMs, 2000LL);
        QCOMPARE(holds[0].endedMs.value_or(-1), 4000LL);
        QCOMPARE(holds[0].ending, HoldEnding::Released);
        QCOMPARE(holds[0].maxReentries, 3LL);
        QCOMPARE(holds[0].maxWaiters, 2LL);
    }

    void aHandoverEndsOneHoldAndStartsTheNext()
    {
        const auto path = file("handover.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "jobs", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Changed, "jobs", {"B"}, 3000)).ok());
        QVERIFY(recorder->flush(3000).ok());
        const auto holds = holdsOf(path, "jobs");
        QCOMPARE(holds.size(), size_t(2));
        QCOMPARE(holds[0].holder, std::string("A"));
        QCOMPARE(holds[0].endedMs.value_or(-1), 3000LL);
        QCOMPARE(holds[1].holder, std::string("B"));
        QCOMPARE(holds[1].ending, HoldEnding::Open);
    }

    void anExpiryEndsTheHoldAsExpired()
    {
        const auto path = file("expired.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "report", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Expired, "report", {"A"}, 32000)).ok());
        QVERIFY(recorder->flush(32000).ok());
        const auto holds = holdsOf(path, "report");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].ending, HoldEnding::Expired);
        QCOMPARE(holds[0].durationMs(0), 30000LL);
    }

    void aForceReleaseEndsTheHoldAsForceReleased()
    {
        const auto path = file("forced.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "stuck", {"A"}, 2000)).ok());
        QVERIFY(recorder->recordForceRelease("127.0.0.1:6390", "stuck", 9000).ok());
        const auto holds = holdsOf(path, "stuck");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].ending, HoldEnding::ForceReleased);
        QCOMPARE(holds[0].endedMs.value_or(-1), 9000LL);
    }

    void aForceReleasedEventEndsTheHoldAsForceReleased()
    {
        const auto path = file("forced-event.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "stuck", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::ForceReleased, "stuck", {"A"}, 9000)).ok());
        QVERIFY(recorder->flush(9000).ok());
        const auto holds = holdsOf(path, "stuck");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].ending, HoldEnding::ForceReleased);
        QCOMPARE(holds[0].endedMs.value_or(-1), 9000LL);
    }

    void aForceReleaseAnnouncedAfterTheReleaseRenamesHowTheHoldEnded()
    {
        const auto path = file("forced-late.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "stuck", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "other", {"B"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "stuck", {"A"}, 9000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "other", {"B"}, 9000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::ForceReleased, "stuck", {"A"}, 9050)).ok());
        QVERIFY(recorder->flush(9050).ok());
        const auto holds = holdsOf(path, "stuck");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].ending, HoldEnding::ForceReleased);
        QCOMPARE(holds[0].endedMs.value_or(-1), 9000LL); // when it went, not when it was announced
        QCOMPARE(holdsOf(path, "other").at(0).ending, HoldEnding::Released);
    }

    void aGapInWatchingIsAGapNotAFakeRelease()
    {
        const auto path = file("gap.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "kept", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "gone", {"B"}, 2100)).ok());
        QVERIFY(recorder->watchingLost(3000, "disconnected").ok());
        QVERIFY(recorder->watchingResumed({lockEvent(Type::Changed, "kept", {"A"}, 0).lock}, 8000, {"test"})
                    .ok());
        const auto kept = holdsOf(path, "kept");
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(kept[0].ending, HoldEnding::Open);
        QCOMPARE(kept[0].startedMs, 2000LL);
        const auto gone = holdsOf(path, "gone");
        QCOMPARE(gone.size(), size_t(1));
        QCOMPARE(gone[0].ending, HoldEnding::Lost);
        QCOMPARE(gone[0].endedMs.value_or(-1), 3000LL); // last seen: when the gap began
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto gaps = query->gaps(always);
        QVERIFY(gaps);
        QCOMPARE(gaps->size(), size_t(1));
        QCOMPARE((*gaps)[0].startedMs, 3000LL);
        QCOMPARE((*gaps)[0].endedMs.value_or(-1), 8000LL);
        QCOMPARE((*gaps)[0].reason, std::string("disconnected"));
    }

    void aReleaseFoundAfterAMissedSpellIsALossWhenTheSpellBegan()
    {
        const auto path = file("missed.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "quiet", {"A"}, 2000)).ok());
        auto found = lockEvent(Type::Released, "quiet", {"A"}, 9000);
        found.missedSinceMs = 4000; // the watcher heard nothing from 4000 and re-listed at 9000
        QVERIFY(recorder->record(found).ok());
        QVERIFY(recorder->recordGap(4000, 9000, "subscription broke").ok());
        QVERIFY(recorder->close(10000).ok());
        const auto holds = holdsOf(path, "quiet");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].ending, HoldEnding::Lost);
        QCOMPARE(holds[0].endedMs.value_or(-1), 4000LL);
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto gaps = query->gaps(always);
        QVERIFY(gaps);
        QCOMPARE(gaps->size(), size_t(1));
        QCOMPARE((*gaps)[0].startedMs, 4000LL);
        QCOMPARE((*gaps)[0].endedMs.value_or(-1), 9000LL);
        QCOMPARE((*gaps)[0].reason, std::string("subscription broke"));
    }

    void marksAreKeptForTheTimeline()
    {
        const auto path = file("marks.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->recordMark("admin", "n1", "orders:42", "extended to 120 s", 2000).ok());
        QVERIFY(recorder->recordMark("fault", "", "", "holder 3 killed", 3000).ok());
        QVERIFY(recorder->close(4000).ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto marks = query->marks(always);
        QVERIFY(marks);
        QCOMPARE(marks->size(), size_t(2));
        QCOMPARE((*marks)[0].kind, std::string("admin"));
        QCOMPARE((*marks)[0].lock, std::string("orders:42"));
        QCOMPARE((*marks)[0].node, std::string("n1"));
        QCOMPARE((*marks)[0].detail, std::string("extended to 120 s"));
        QCOMPARE((*marks)[1].atMs, 3000LL);
        QVERIFY((*marks)[1].lock.empty());
    }

    void aFileOfTheFirstSchemaIsMigratedAndKeepsItsHolds()
    {
        const auto path = file("schema1.sqlite");
        {
            auto recorder = openRecorder(path, 1000);
            QVERIFY(recorder);
            QVERIFY(recorder->record(lockEvent(Type::Appeared, "old", {"A"}, 2000)).ok());
            QVERIFY(recorder->record(lockEvent(Type::Released, "old", {"A"}, 2500)).ok());
            QVERIFY(recorder->close(3000).ok());
        }
        // Back to schema 1 as a recorder of that version left it: no marks, polling or audit
        // table, no library names or servers, the events' index.
        QVERIFY(makeDatabase(path,
            "DROP TABLE marks; DROP TABLE polling; DROP TABLE audit; DROP INDEX locks_by_api_name;"
            " DROP INDEX locks_by_source; DROP INDEX sessions_by_source; ALTER TABLE locks DROP COLUMN "
            "source;"
            " ALTER TABLE gaps DROP COLUMN source; ALTER TABLE sessions DROP COLUMN source;"
            " ALTER TABLE alerts DROP COLUMN source;"
            " ALTER TABLE locks DROP COLUMN api_name; CREATE INDEX events_by_lock ON events(lock_id, at_ms);"
            " PRAGMA user_version=1;"));
        auto before = HistoryQuery::open(path);
        QVERIFY(before);
        auto none = before->marks(always); // a reader copes with the older file
        QVERIFY(none && none->empty());
        auto noPolling = before->pollingSpans(always);
        QVERIFY(noPolling && noPolling->empty());
        auto recorder = openRecorder(path, 4000);
        QVERIFY(recorder);
        QVERIFY(recorder->recordMark("admin", "n1", "old", "released", 5000).ok());
        QVERIFY(recorder->close(6000).ok());
        QCOMPARE(holdsOf(path, "old").size(), size_t(1));
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto marks = query->marks(always);
        QVERIFY(marks && marks->size() == 1);
    }

    void aFileOfSchemaThreeIsMigratedAndKeepsTheLibrarysNameOfItsLocks()
    {
        const auto path = file("schema3.sqlite");
        QFile dump(QStringLiteral(LOCKSCOPE_FIXTURES "/sqlite-schema-3.sql"));
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QVERIFY(makeDatabase(path, dump.readAll().constData()));
        {
            auto before = HistoryQuery::open(path); // read as it is, never migrated by a reader
            QVERIFY(before);
            auto named = before->locksNamed("invoice:7");
            QVERIFY(named && named->size() == 1 && named->front().apiName.empty());
            QCOMPARE(before->holds("invoice:7", always)->size(), size_t(1));
        }
        auto recorder = openRecorder(path, 10000);
        QVERIFY(recorder);
        QVERIFY(recorder
                    ->record(namedLockEvent(Type::Appeared, "laravel_database_laravel_cache:reports:monthly",
                        "reports:monthly", {"t1"}, 11000))
                    .ok());
        QVERIFY(recorder->close(12000).ok());
        QCOMPARE(holdsOf(path, "invoice:7").size(), size_t(1)); // the old hold is kept
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto named = query->locksNamed("reports:monthly");
        QVERIFY(named);
        QCOMPARE(named->size(), size_t(1));
        QCOMPARE(named->front().lock, std::string("laravel_database_laravel_cache:reports:monthly"));
        QCOMPARE(named->front().apiName, std::string("reports:monthly"));
        const auto holds = holdsOf(path, named->front().lock);
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].apiName, std::string("reports:monthly"));
        sqlite3* database = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &database), SQLITE_OK);
        sqlite3_stmt* version = nullptr;
        sqlite3_prepare_v2(database, "PRAGMA user_version", -1, &version, nullptr);
        QCOMPARE(sqlite3_step(version), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int64(version, 0), HistorySchema::currentVersion);
        sqlite3_finalize(version);
        sqlite3_close(database);
    }

    void aLockFirstRecordedWithoutItsLibrarysNameGetsItWhenSeenWithIt()
    {
        const auto path = file("named-later.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "app:reports:monthly", {"t1"}, 2000)).ok());
        QVERIFY(recorder->close(3000).ok());
        recorder.reset(); // its claim on the file ends
        recorder = openRecorder(path, 4000);
        QVERIFY(recorder);
        QVERIFY(
            recorder
                ->record(namedLockEvent(Type::Released, "app:reports:monthly", "reports:monthly", {}, 5000))
                .ok());
        QVERIFY(recorder->close(6000).ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto found = query->locksNamed("reports:monthly");
        QVERIFY(found && found->size() == 1);
        QCOMPARE(found->front().lock, std::string("app:reports:monthly"));
    }

    void aHoldThatStartsAndEndsInOneBatchIsKeptLikeOneThatSpansBatches()
    {
        const auto path = file("batches.sqlite");
        HistoryOptions options;
        options.batchSize = 3;
        auto recorder = openRecorder(path, 1000, options);
        QVERIFY(recorder);
        // Batch 1: A's hold starts and ends, B's starts; batch 2: B's ends, A starts again.
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "batch", {"A"}, 2000, 1, 2)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Changed, "batch", {"A"}, 2100, 3, 4)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Changed, "batch", {"B"}, 2500, 1, 1)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "batch", {}, 3000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "batch", {"A"}, 4000)).ok());
        QVERIFY(recorder->close(5000).ok());
        const auto holds = holdsOf(path, "batch");
        QCOMPARE(holds.size(), size_t(3));
        QCOMPARE(holds[0].holder, std::string("A"));
        QCOMPARE(holds[0].endedMs, std::optional<long long>(2500));
        QCOMPARE(holds[0].maxReentries, 3LL);
        QCOMPARE(holds[0].maxWaiters, 4LL);
        QCOMPARE(holds[1].holder, std::string("B"));
        QCOMPARE(holds[1].endedMs, std::optional<long long>(3000));
        QCOMPARE(holds[1].ending, HoldEnding::Released);
        QCOMPARE(holds[2].holder, std::string("A"));
        QVERIFY(!holds[2].endedMs); // still open at the clean stop
    }

    void aPollingWatchIsKeptAsAPollingSpanUntilWatchingStops()
    {
        const auto path = file("polling.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->watchingResumed({}, 1000, {"polling every 500 ms", 500}).ok());
        QVERIFY(recorder->watchingLost(5000, "disconnected").ok());
        QVERIFY(recorder->watchingResumed({}, 6000, {"watching through keyspace notifications"}).ok());
        QVERIFY(recorder->watchingLost(7000, "disconnected").ok());
        QVERIFY(recorder->watchingResumed({}, 8000, {"polling every 2000 ms", 2000}).ok());
        QVERIFY(recorder->close(9000).ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto spans = query->pollingSpans(always);
        QVERIFY(spans);
        QCOMPARE(spans->size(), size_t(2));
        QCOMPARE((*spans)[0].startedMs, 1000LL);
        QCOMPARE((*spans)[0].endedMs.value_or(-1), 5000LL);
        QCOMPARE((*spans)[0].intervalMs, 500LL);
        QCOMPARE((*spans)[1].startedMs, 8000LL);
        QCOMPARE((*spans)[1].endedMs.value_or(-1), 9000LL);
        QCOMPARE((*spans)[1].intervalMs, 2000LL);
        auto later = query->pollingSpans({5500, 7500});
        QVERIFY(later && later->empty()); // the notified span between them
    }

    void aPollingSpanOfARecorderThatDiedEndsWhenItLastShowedLife()
    {
        const auto path = file("polling-died.sqlite");
        {
            auto first = openRecorder(path, 1000);
            QVERIFY(first);
            QVERIFY(first->watchingResumed({}, 1000, {"polling every 500 ms", 500}).ok());
            QVERIFY(first->record(lockEvent(Type::Appeared, "seen", {"A"}, 4000)).ok());
            QVERIFY(first->flush(4000).ok());
            // Gone without close(): its last commit is the last sign of life.
        }
        auto second = openRecorder(path, 10000);
        QVERIFY(second);
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto spans = query->pollingSpans(always);
        QVERIFY(spans && spans->size() == 1);
        QCOMPARE((*spans)[0].endedMs.value_or(-1), 4000LL);
    }

    void aRestartResumesOpenHoldsAndRecordsTheDowntime()
    {
        const auto path = file("restart.sqlite");
        {
            auto first = openRecorder(path, 1000);
            QVERIFY(first);
            QVERIFY(first->record(lockEvent(Type::Appeared, "long", {"A"}, 2000)).ok());
            QVERIFY(first->close(3000).ok());
        }
        auto second = openRecorder(path, 10000);
        QVERIFY(second);
        QVERIFY(
            second->watchingResumed({lockEvent(Type::Changed, "long", {"A"}, 0).lock}, 10000, {"test"}).ok());
        QVERIFY(second->record(lockEvent(Type::Released, "long", {"A"}, 12000)).ok());
        QVERIFY(second->flush(12000).ok());
        const auto holds = holdsOf(path, "long");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].startedMs, 2000LL);
        QCOMPARE(holds[0].endedMs.value_or(-1), 12000LL);
        QCOMPARE(holds[0].ending, HoldEnding::Released);
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto gaps = query->gaps(always);
        QVERIFY(gaps);
        QCOMPARE(gaps->size(), size_t(1));
        QCOMPARE((*gaps)[0].startedMs, 3000LL);
        QCOMPARE((*gaps)[0].endedMs.value_or(-1), 10000LL);
    }

    void aKilledRecorderKeepsEveryCommittedBatch()
    {
        const auto path = file("killed.sqlite");
        auto child = test::ForkedChild::start([&](const std::function<void()>& ready) {
            HistoryOptions options;
            options.batchSize = 10;
            auto recorder = HistoryRecorder::open(path, options, 1000);
            if (!recorder)
                return 1;
            for (int i = 0; i < 25; ++i) // two full batches and five pending events
                (void)(*recorder)->record(
                    lockEvent(Type::Appeared, "lock" + std::to_string(i), {"A"}, 2000 + i));
            ready();
            for (;;)
                pause();
        });
        QVERIFY(child);
        QVERIFY(child->waitUntilReady(std::chrono::seconds(10)));
        child->kill();
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto holds = query->allHolds(always);
        QVERIFY(holds);
        QCOMPARE(holds->size(), size_t(20));
        // The next run sees the time since the dead one last showed life as a gap.
        auto next = openRecorder(path, 50000);
        QVERIFY(next);
        auto reread = HistoryQuery::open(path);
        QVERIFY(reread);
        auto gaps = reread->gaps(always);
        QVERIFY(gaps);
        QCOMPARE(gaps->size(), size_t(1));
        QCOMPARE((*gaps)[0].reason, std::string("recorder not running"));
    }

    void statisticsOfALock()
    {
        const auto path = file("statistics.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        long long at = 10000;
        // Ten holds of 1..10 s, by A (odd) and B (even); the last one expires.
        for (int i = 1; i <= 10; ++i) {
            const std::string holder = i % 2 ? "A" : "B";
            QVERIFY(
                recorder->record(lockEvent(Type::Appeared, "stats", {holder}, at, 1, i == 7 ? 4 : 0)).ok());
            at += i * 1000;
            QVERIFY(
                recorder->record(lockEvent(i == 10 ? Type::Expired : Type::Released, "stats", {holder}, at))
                    .ok());
            at += 500;
        }
        QVERIFY(recorder->flush(at).ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto statistics = query->statistics("stats", always, at);
        QVERIFY(statistics);
        QCOMPARE(statistics->holds, 10LL);
        QCOMPARE(statistics->completed, 10LL);
        QCOMPARE(statistics->p50Ms, 5000LL);
        QCOMPARE(statistics->p90Ms, 9000LL);
        QCOMPARE(statistics->p99Ms, 10000LL);
        QCOMPARE(statistics->maxMs, 10000LL);
        QCOMPARE(statistics->longest.front().durationMs(at), 10000LL);
        QCOMPARE(statistics->busiestHolders.front().holder, std::string("B")); // 2+4+6+8+10 s
        QCOMPARE(statistics->busiestHolders.front().heldMs, 30000LL);
        QCOMPARE(statistics->maxWaiters, 4LL);
        QCOMPARE(statistics->expired, 1LL);
        QCOMPARE(statistics->released, 9LL);
    }

    void leagueTablesRankLocks()
    {
        const auto path = file("league.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        // "long" is held 60 s once; "busy" ten times 1 s with 5 waiters; "crashy" expires twice.
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "long", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "long", {"A"}, 62000)).ok());
        for (int i = 0; i < 10; ++i) {
            QVERIFY(recorder->record(lockEvent(Type::Appeared, "busy", {"B"}, 2000 + i * 2000, 1, 5)).ok());
            QVERIFY(recorder->record(lockEvent(Type::Released, "busy", {"B"}, 3000 + i * 2000)).ok());
        }
        for (int i = 0; i < 2; ++i) {
            QVERIFY(recorder->record(lockEvent(Type::Appeared, "crashy", {"C"}, 2000 + i * 40000)).ok());
            QVERIFY(recorder->record(lockEvent(Type::Expired, "crashy", {"C"}, 32000 + i * 40000)).ok());
        }
        QVERIFY(recorder->flush(100000).ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto held = query->top(HistoryQuery::League::Held, always);
        auto contended = query->top(HistoryQuery::League::Contended, always);
        auto expired = query->top(HistoryQuery::League::Expired, always);
        QVERIFY(held && contended && expired);
        QCOMPARE(held->front().lock, std::string("long"));
        QCOMPARE(held->front().longestHoldMs, 60000LL);
        QCOMPARE(contended->size(), size_t(1));
        QCOMPARE(contended->front().lock, std::string("busy"));
        QCOMPARE(contended->front().holds, 10LL);
        QCOMPARE(expired->size(), size_t(1));
        QCOMPARE(expired->front().lock, std::string("crashy"));
        QCOMPARE(expired->front().expired, 2LL);
    }

    void holdsAreChosenByTheirTimeWindow()
    {
        const auto path = file("window.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        for (int i = 0; i < 5; ++i) { // holds [10 s, 11 s), [20 s, 21 s), ...
            QVERIFY(
                recorder->record(lockEvent(Type::Appeared, "w", {"H" + std::to_string(i)}, (i + 1) * 10000))
                    .ok());
            QVERIFY(recorder
                        ->record(
                            lockEvent(Type::Released, "w", {"H" + std::to_string(i)}, (i + 1) * 10000 + 1000))
                        .ok());
        }
        QVERIFY(recorder->flush(60000).ok());
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto holds = query->holds("w", {20500, 40000});
        QVERIFY(holds);
        QCOMPARE(holds->size(), size_t(2)); // the one under way at 20.5 s and the one from 30 s
        QCOMPARE((*holds)[0].holder, std::string("H1"));
        QCOMPARE((*holds)[1].holder, std::string("H2"));
    }

    void retentionDropsWhatIsOlderThanMaxAge()
    {
        const auto path = file("retention.sqlite");
        HistoryOptions options;
        options.maxAge = std::chrono::hours(24);
        auto recorder = openRecorder(path, 1000, options);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "old", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "old", {"A"}, 3000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "new", {"A"}, 2 * day)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "new", {"A"}, 2 * day + 1000)).ok());
        QVERIFY(recorder->applyRetention(2 * day + 2000).ok());
        QVERIFY(holdsOf(path, "old").empty());
        QCOMPARE(holdsOf(path, "new").size(), size_t(1));
    }

    void theDataDirectoryIsMadeOnFirstUse()
    {
        const std::map<std::string, std::string> environment {
            {"XDG_DATA_HOME", m_dir.filePath("xdg").toStdString()}};
        const auto path = HistoryLocation::defaultPath("127.0.0.1:6379", environment);
        QCOMPARE(path, m_dir.filePath("xdg").toStdString() + "/lockscope/history/127.0.0.1_6379.sqlite");
        auto recorder = openRecorder(path, 1000);
        QVERIFY(recorder);
        QVERIFY(QFile::exists(QString::fromStdString(path)));
    }

    void aCorruptFileIsRefusedAndLeftAsItIs()
    {
        const QString path = m_dir.filePath("corrupt.sqlite");
        QByteArray garbage(8192, '\x5a');
        garbage.replace(0, 16, "SQLite format 3"); // looks like SQLite, is not
        {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(garbage);
        }
        auto recorder = HistoryRecorder::open(path.toStdString(), {}, 1000);
        QVERIFY(!recorder);
        QVERIFY2(QString::fromStdString(recorder.error().message).contains("corrupt"),
            recorder.error().message.c_str());
        QCOMPARE(contents(path), garbage);
    }

    void anotherApplicationsDatabaseIsRefused()
    {
        const auto path = file("other.sqlite");
        QVERIFY(makeDatabase(path,
            "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT);"
            "INSERT INTO customers(name) VALUES('Ada');"));
        const QByteArray before = contents(QString::fromStdString(path));
        auto recorder = HistoryRecorder::open(path, {}, 1000);
        QVERIFY(!recorder);
        QVERIFY2(QString::fromStdString(recorder.error().message).contains("another application"),
            recorder.error().message.c_str());
        QCOMPARE(contents(QString::fromStdString(path)), before);
    }

    void aNewerSchemaIsRefused()
    {
        const auto path = file("newer.sqlite");
        const std::string sql = "CREATE TABLE future(x); PRAGMA application_id="
            + std::to_string(HistorySchema::applicationId) + "; PRAGMA user_version=99;";
        QVERIFY(makeDatabase(path, sql.c_str()));
        const QByteArray before = contents(QString::fromStdString(path));
        auto recorder = HistoryRecorder::open(path, {}, 1000);
        QVERIFY(!recorder);
        QVERIFY2(QString::fromStdString(recorder.error().message).contains("newer LockScope (schema 99"),
            recorder.error().message.c_str());
        QCOMPARE(contents(QString::fromStdString(path)), before);
        QVERIFY(!HistoryQuery::open(path));
    }

    void aFileLockedByAnotherProcessGivesAClearError()
    {
        const auto path = file("locked.sqlite");
        QVERIFY(openRecorder(path, 1000)); // a history, then closed
        // The sqlite3 shell holds a write transaction open until its input ends.
        QProcess shell;
        shell.start("sqlite3", {QString::fromStdString(path)});
        QVERIFY2(shell.waitForStarted(5000), "the sqlite3 shell (Debian's sqlite3) is needed");
        shell.write("BEGIN EXCLUSIVE;\nSELECT 'holding';\n");
        QVERIFY(shell.waitForReadyRead(5000));
        QVERIFY(shell.readAllStandardOutput().contains("holding"));
        HistoryOptions options;
        options.busyTimeoutMs = 200;
        auto recorder = HistoryRecorder::open(path, options, 2000);
        QVERIFY(!recorder);
        QVERIFY2(QString::fromStdString(recorder.error().message).contains("locked by another process"),
            recorder.error().message.c_str());
        shell.closeWriteChannel();
        QVERIFY(shell.waitForFinished(5000));
        QVERIFY(openRecorder(path, 3000)); // usable again once the other process let go
    }

    void aSecondRecorderOfTheSameServerOnTheSameFileIsRefused()
    {
        const auto path = file("claimed.sqlite");
        auto first = openRecorder(path, 1000);
        QVERIFY(first);
        auto second = HistoryRecorder::open(path, {}, 2000);
        QVERIFY(!second);
        QVERIFY2(QString::fromStdString(second.error().message).contains("by another recorder"),
            second.error().message.c_str());
        QVERIFY(HistoryQuery::open(path)); // reading is still fine
        first.reset();
        QVERIFY(openRecorder(path, 3000));
    }

    void aFleetRecordsIntoOneFileEachRowNamingItsServer()
    {
        const auto path = file("fleet.sqlite");
        HistoryOptions optionsA, optionsB;
        optionsA.source = "redis-a:6379";
        optionsB.source = "redis-b:6379";
        auto a = openRecorder(path, 1000, optionsA);
        auto b = openRecorder(path, 1000, optionsB);
        QVERIFY(a && b);
        QVERIFY(!HistoryRecorder::open(path, optionsA, 1000)); // the same server twice: refused
        QVERIFY(a->watchingResumed({}, 1000, {"test"}).ok());
        QVERIFY(b->watchingResumed({}, 1000, {"test"}).ok());
        QVERIFY(a->record(namedLockEvent(Type::Appeared, "orders", "", {"A"}, 2000, "10.0.0.1:6379")).ok());
        QVERIFY(b->record(namedLockEvent(Type::Appeared, "orders", "", {"B"}, 2100, "10.0.0.2:6379")).ok());
        QVERIFY(b->flush(2200).ok()); // commits a's pending writes with it: one transaction
        QVERIFY(a->watchingLost(3000, "disconnected").ok());
        QVERIFY(b->record(namedLockEvent(Type::Released, "orders", "", {}, 3500, "10.0.0.2:6379")).ok());
        QVERIFY(a->close(4000).ok());
        QVERIFY(b->close(4000).ok());
        a.reset();
        b.reset();

        auto holds = holdsOf(path, "orders");
        QCOMPARE(holds.size(), size_t(2));
        std::map<std::string, HoldRecord> byServer;
        for (const auto& hold : holds)
            byServer[hold.server] = hold;
        QCOMPARE(byServer["redis-a:6379"].holder, std::string("A"));
        QCOMPARE(byServer["redis-a:6379"].ending, HoldEnding::Open); // a gap ends no hold
        QCOMPARE(byServer["redis-b:6379"].holder, std::string("B"));
        QCOMPARE(byServer["redis-b:6379"].ending, HoldEnding::Released);
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto gaps = query->gaps(always);
        QVERIFY(gaps && gaps->size() == 1);
        QCOMPARE(gaps->front().server, std::string("redis-a:6379"));
        auto league = query->top(HistoryQuery::League::Held, always);
        QVERIFY(league && league->size() == 1);
        QCOMPARE(league->front().server, std::string("redis-b:6379"));

        // Each server resumes its own session: a's open hold is a's again, b has none.
        auto again = openRecorder(path, 5000, optionsA);
        QVERIFY(again);
        QCOMPARE(again->openHolds().size(), size_t(1));
        QCOMPARE(again->openHolds().front().holder, std::string("A"));
    }

    void aFileOfSchemaFiveIsMigratedAndItsRowsBecomeTheFirstRecordersServer()
    {
        const auto path = file("schema5.sqlite");
        QFile dump(QStringLiteral(LOCKSCOPE_FIXTURES "/sqlite-schema-5.sql"));
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QVERIFY(makeDatabase(path, dump.readAll().constData()));
        {
            auto before = HistoryQuery::open(path); // read as it is
            QVERIFY(before);
            auto holds = before->holds("invoice:7", always);
            QVERIFY(holds && holds->size() == 1);
            QCOMPARE(holds->front().server, std::string());
            QCOMPARE(before->audit(always)->size(), size_t(0));
        }
        HistoryOptions options;
        options.source = "127.0.0.1:6379";
        auto recorder = openRecorder(path, 10000, options);
        QVERIFY(recorder);
        // The killed session's open hold is this server's, resumed; its absence is this server's gap.
        QCOMPARE(recorder->openHolds().size(), size_t(1));
        QVERIFY(recorder->watchingResumed({}, 10000, {"test"}).ok()); // the holder is gone meanwhile
        QVERIFY(recorder->close(11000).ok());
        recorder.reset();
        HistoryOptions other;
        other.source = "127.0.0.1:6380";
        auto second = openRecorder(path, 12000, other);
        QVERIFY(second);
        QCOMPARE(second->openHolds().size(), size_t(0)); // adopted once, by the first
        second.reset();

        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto holds = query->holds("invoice:7", always);
        QVERIFY(holds && holds->size() == 1);
        QCOMPARE(holds->front().server, std::string("127.0.0.1:6379"));
        QCOMPARE(holds->front().ending, HoldEnding::Lost);
        auto gaps = query->gaps(always);
        QVERIFY(gaps && gaps->size() == 1);
        QCOMPARE(gaps->front().startedMs, 2000LL);
        QCOMPARE(gaps->front().server, std::string("127.0.0.1:6379"));
        sqlite3* database = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &database), SQLITE_OK);
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(database, "PRAGMA user_version", -1, &statement, nullptr);
        QCOMPARE(sqlite3_step(statement), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int64(statement, 0), 6LL);
        sqlite3_finalize(statement);
        sqlite3_close(database);
    }

    void anAdminActionIsWrittenIntoTheHistoryWithWhoAndWhy()
    {
        const auto path = file("audit.sqlite");
        AuditEntry entry;
        entry.timeMs = 5000;
        entry.entry = "e1";
        entry.user = "alice";
        entry.host = "desk-1";
        entry.version = "9.9";
        entry.profile = "Production";
        entry.server = "redis-a:6379";
        entry.node = "10.0.0.1:6379";
        entry.lock = std::string("invoice\0lock", 12);
        entry.action = "release";
        entry.result = "released";
        entry.reason = "INC-4312: stuck after deploy";
        SharedAudit audit(path, {}, AuditOutbox(file("audit.log.outbox")));
        QVERIFY(audit.record(entry).ok());
        QVERIFY(audit.record(entry).ok()); // sent twice (a reply lost): kept once
        auto query = HistoryQuery::open(path);
        QVERIFY(query);
        auto entries = query->audit(always);
        QVERIFY(entries);
        QCOMPARE(entries->size(), size_t(1));
        const AuditRecord& read = entries->front();
        QCOMPARE(read.atMs, 5000LL);
        QCOMPARE(read.user, std::string("alice"));
        QCOMPARE(read.host, std::string("desk-1"));
        QCOMPARE(read.profile, std::string("Production"));
        QCOMPARE(read.server, std::string("redis-a:6379"));
        QCOMPARE(read.lock, entry.lock);
        QCOMPARE(read.action, std::string("release"));
        QCOMPARE(read.reason, entry.reason);
        QCOMPARE(read.result, std::string("released"));
    }

    void anAdminActionWaitsInTheOutboxUntilTheHistoryCanBeWritten()
    {
        // Another application's file cannot take the audit: it waits, and is written once the
        // history can be.
        const auto path = file("not-yet.sqlite");
        QVERIFY(makeDatabase(path, "CREATE TABLE orders(id INTEGER);"));
        SharedAudit audit(path, {}, AuditOutbox(file("outbox-test.log.outbox")));
        AuditEntry entry;
        entry.timeMs = 7000;
        entry.entry = "e2";
        entry.user = "bob";
        entry.action = "extend";
        entry.lock = "orders:1";
        auto recorded = audit.record(entry);
        QVERIFY(!recorded);
        QVERIFY2(
            recorded.error().message.find("waits in") != std::string::npos, recorded.error().message.c_str());
        QVERIFY(QFile::remove(QString::fromStdString(path)));
        auto sent = audit.sendWaiting();
        QVERIFY2(sent, sent ? "" : sent.error().message.c_str());
        QCOMPARE(*sent, 1LL);
        QCOMPARE(*audit.sendWaiting(), 0LL); // gone from the outbox
        auto entries = HistoryQuery::open(path)->audit(always);
        QVERIFY(entries && entries->size() == 1);
        QCOMPARE(entries->front().user, std::string("bob"));
    }

    void theAuditIsKeptLongerThanTheHolds()
    {
        const auto path = file("audit-retention.sqlite");
        HistoryOptions options;
        options.maxAge = std::chrono::hours(24);
        options.auditMaxAge = std::chrono::hours(24 * 10);
        SharedAudit audit(path, {}, AuditOutbox(file("retention.log.outbox")));
        for (auto [id, at] : {std::pair {"old", 1 * day}, {"recent", 5 * day}}) {
            AuditEntry entry;
            entry.entry = id;
            entry.timeMs = at;
            entry.action = "release";
            QVERIFY(audit.record(entry).ok());
        }
        {
            auto recorder = openRecorder(path, 1 * day, options);
            QVERIFY(recorder);
            QVERIFY(recorder->record(lockEvent(Type::Appeared, "orders", {"A"}, 1 * day + 1)).ok());
            QVERIFY(recorder->record(lockEvent(Type::Released, "orders", {}, 1 * day + 2)).ok());
            QVERIFY(recorder->close(1 * day + 3).ok());
        }
        auto recorder = openRecorder(path, 12 * day, options); // retention at start
        QVERIFY(recorder);
        QVERIFY(recorder->close(12 * day).ok());
        QCOMPARE(holdsOf(path, "orders").size(), size_t(0)); // older than a day
        auto entries = HistoryQuery::open(path)->audit(always);
        QVERIFY(entries);
        QCOMPARE(entries->size(), size_t(1)); // 7 days old: kept; 11 days old: gone
        QCOMPARE(entries->front().entry, std::string("recent"));
    }

    void aFullDiskStopsRecordingAndKeepsWhatWasWritten()
    {
        // A full disk, simulated by SQLite's max_page_count (HistoryOptions::fileLimitBytes):
        // writes past the cap fail with SQLITE_FULL as they would on a full file system.
        const auto path = file("full.sqlite");
        HistoryOptions options;
        options.fileLimitBytes = 160 * 1024;
        options.batchSize = 50;
        auto recorder = openRecorder(path, 1000, options);
        QVERIFY(recorder);
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "first", {"A"}, 2000)).ok());
        QVERIFY(recorder->flush(2000).ok());
        Status last = Done {};
        int recorded = 0;
        for (int i = 0; i < 100000 && last.ok(); ++i) {
            last = recorder->record(lockEvent(
                Type::Appeared, "lock:" + std::to_string(i) + std::string(200, 'x'), {"A"}, 3000 + i));
            recorded += last.ok() ? 1 : 0;
        }
        QVERIFY2(!last.ok(), "the cap was never reached");
        QVERIFY2(QString::fromStdString(last.error().message).contains("full"), last.error().message.c_str());
        QVERIFY(!recorder->record(lockEvent(Type::Appeared, "after", {"A"}, 900000)).ok()); // stays off
        QCOMPARE(holdsOf(path, "first").size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(tst_HistoryRecorder)
#include "tst_HistoryRecorder.moc"
