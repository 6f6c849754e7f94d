#include "core/history/HistoryTestEvents.h"
#include "history/HistoryQuery.h"
#include "history/HistoryRecorder.h"
#include "history/audit/SharedAudit.h"
#include "history/postgres/PostgresSchema.h"
#include "support/postgres/CommitReplyCutter.h"
#include "support/postgres/PostgresTestServer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace lockscope;
using test::CommitReplyCutter;
using test::lockEvent;
using test::namedLockEvent;
using test::PostgresTestServer;
using Type = LockEvent::Type;

namespace {
constexpr long long day = 86400000;
const TimeWindow always {0, 100 * day};

HistoryOptions optionsFor(const std::string& source)
{
    HistoryOptions options;
    options.source = source;
    return options;
}
} // namespace

// The recorder and the reader against a real PostgreSQL 15 (one server for the suite, a fresh
// database for each test): exact round-trips, several recorders, schema versions, refusals,
// retention, and a database that goes away under a recorder (that test stops the server: last).
class tst_PostgresHistory : public QObject
{
    Q_OBJECT

    std::unique_ptr<PostgresTestServer> m_postgres;
    int m_databases = 0;

    // A fresh empty database, its URL.
    std::string freshDatabase()
    {
        const std::string name = "history" + std::to_string(++m_databases);
        auto created = m_postgres->createDatabase(name);
        if (!created)
            qWarning("%s", created.error().message.c_str());
        return m_postgres->url(name);
    }

    std::unique_ptr<HistoryRecorder> openRecorder(
        const std::string& url, const std::string& source, long long nowMs, HistoryOptions options = {})
    {
        options.source = source;
        auto recorder = HistoryRecorder::open(url, options, nowMs);
        if (!recorder) {
            qWarning("%s", recorder.error().message.c_str());
            return nullptr;
        }
        return std::move(*recorder);
    }

    std::vector<HoldRecord> holdsOf(const std::string& url, const std::string& lock)
    {
        auto query = HistoryQuery::open(url);
        if (!query) {
            qWarning("%s", query.error().message.c_str());
            return {};
        }
        auto holds = query->holds(lock, always);
        return holds ? *holds : std::vector<HoldRecord> {};
    }

private slots:
    void initTestCase()
    {
        m_postgres = PostgresTestServer::start();
        QVERIFY(m_postgres);
    }

    void awkwardLockNamesAndHoldersRoundTripExactly()
    {
        const auto url = freshDatabase();
        const std::vector<std::string> names {"it's \"quoted\"", "back\\slash\\x41",
            std::string("nul\0byte", 8), "\x1b[31mred\x1b[0m\x07", std::string("\xff\xfe not utf-8 \x80"),
            "tab\tnew\nline\r"};
        auto recorder = openRecorder(url, "127.0.0.1:6390", 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->watchingResumed({}, 1000, {"test"}).ok());
        long long at = 2000;
        for (const auto& name : names) {
            QVERIFY(recorder->record(lockEvent(Type::Appeared, name, {name + "|holder"}, at++)).ok());
            QVERIFY(recorder->record(lockEvent(Type::Released, name, {name + "|holder"}, at++)).ok());
        }
        QVERIFY(recorder->close(at).ok());
        for (const auto& name : names) {
            const auto holds = holdsOf(url, name);
            QCOMPARE(holds.size(), size_t(1));
            QCOMPARE(holds[0].lock, name);
            QCOMPARE(holds[0].holder, name + "|holder");
            QCOMPARE(holds[0].ending, HoldEnding::Released);
        }
    }

    void twoRecordersWriteOneHistoryEachRowNamingItsServer()
    {
        const auto url = freshDatabase();
        auto first = openRecorder(url, "redis-a:6379", 1000);
        auto second = openRecorder(url, "redis-b:6379", 1000);
        QVERIFY(first);
        QVERIFY(second);
        QVERIFY(first->watchingResumed({}, 1000, {"test"}).ok());
        QVERIFY(second->watchingResumed({}, 1000, {"test"}).ok());
        auto onB = lockEvent(Type::Appeared, "invoice", {"B"}, 2000);
        LockSnapshot onOtherNode = onB.lock;
        onOtherNode.node = "redis-b:6379";
        onB.lock = std::move(onOtherNode);
        QVERIFY(first->record(lockEvent(Type::Appeared, "invoice", {"A"}, 2000)).ok());
        QVERIFY(second->record(onB).ok());
        QVERIFY(first->flush(3000).ok());
        QVERIFY(second->flush(3000).ok());
        const auto holds = holdsOf(url, "invoice");
        QCOMPARE(holds.size(), size_t(2));
        const std::set<std::string> nodes {holds[0].node, holds[1].node};
        QCOMPARE(nodes, (std::set<std::string> {"127.0.0.1:6390", "redis-b:6379"}));
        auto sources = m_postgres->scalar(
            "SELECT string_agg(source, ',' ORDER BY source) FROM sessions", url.substr(url.rfind('/') + 1));
        QVERIFY(sources);
        QCOMPARE(*sources, std::string("redis-a:6379,redis-b:6379"));
    }

    void aSecondRecorderOnTheSameServerIsRefusedUntilTheFirstStops()
    {
        const auto url = freshDatabase();
        auto first = openRecorder(url, "redis-a:6379", 1000);
        QVERIFY(first);
        auto second = HistoryRecorder::open(url, optionsFor("redis-a:6379"), 1000);
        QVERIFY(!second);
        QCOMPARE(second.error().kind, ErrorKind::Timeout);
        QVERIFY2(second.error().message.find("another recorder") != std::string::npos,
            second.error().message.c_str());
        QVERIFY(first->close(2000).ok());
        first.reset(); // its connection, and with it the claim, ends
        QVERIFY(openRecorder(url, "redis-a:6379", 3000));
    }

    void anOlderSchemaIsMigratedInPlace()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        QFile dump(QStringLiteral(LOCKSCOPE_FIXTURES "/postgres-schema-2.sql"));
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QVERIFY(m_postgres->execute(dump.readAll().toStdString(), database).ok());
        {
            auto query = HistoryQuery::open(url); // a reader reads it as it is, never migrating
            QVERIFY(query);
            QCOMPARE(query->pollingSpans(always)->size(), size_t(0));
        }
        auto recorder = openRecorder(url, "old-server", 10000);
        QVERIFY(recorder);
        QCOMPARE(*m_postgres->scalar("SELECT version FROM lockscope_schema", database),
            std::to_string(PostgresSchema::currentVersion));
        QVERIFY(recorder->watchingResumed({}, 10000, {"polling every 500 ms", 500}).ok());
        QVERIFY(recorder->close(11000).ok());
        const auto holds = holdsOf(url, "invoice:7");
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].holder, std::string("worker-1"));
        auto query = HistoryQuery::open(url);
        QVERIFY(query);
        QCOMPARE(query->pollingSpans(always)->size(), size_t(1));
        // The previous session's end to this one's start was a gap of that recorder.
        const auto gaps = query->gaps(always);
        QCOMPARE(gaps->size(), size_t(1));
        QCOMPARE(gaps->front().startedMs, 6000LL);
    }

    void aSchemaFiveDatabaseIsMigratedAndNamesItsServersAsListDoes()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        QFile dump(QStringLiteral(LOCKSCOPE_FIXTURES "/postgres-schema-5.sql"));
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QVERIFY(m_postgres->execute(dump.readAll().toStdString(), database).ok());
        {
            auto before = HistoryQuery::open(url); // read as it is, never migrated by a reader
            QVERIFY(before);
            QCOMPARE(
                before->holds("invoice:7", always)->front().server, std::string("redis://127.0.0.1:6390"));
            QCOMPARE(before->audit(always)->size(), size_t(0));
        }
        // The recorder of that server, as `record` names it now (host:port, as `list --json`).
        auto recorder = openRecorder(url, "127.0.0.1:6390", 10000);
        QVERIFY(recorder);
        QCOMPARE(*m_postgres->scalar("SELECT version FROM lockscope_schema", database), std::string("6"));
        QVERIFY(recorder->close(11000).ok());
        auto query = HistoryQuery::open(url);
        QVERIFY(query);
        QCOMPARE(query->holds("invoice:7", always)->front().server, std::string("127.0.0.1:6390"));
        auto alerts = query->alerts(always);
        QVERIFY(alerts && alerts->size() == 1);
        QCOMPARE(alerts->front().server, std::string("127.0.0.1:6390"));
        // Its previous session was found under the new name: the time since is its gap.
        auto gaps = query->gaps(always);
        QVERIFY(gaps && gaps->size() == 1);
        QCOMPARE(gaps->front().startedMs, 6000LL);
        QCOMPARE(gaps->front().server, std::string("127.0.0.1:6390"));
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM audit", database), std::string("0"));
    }

    void twoDesksAuditIntoOneDatabaseAndEachActionIsKeptOnce()
    {
        const auto url = freshDatabase();
        QTemporaryDir desks;
        for (const char* user : {"alice", "bob"}) {
            AuditEntry entry;
            entry.timeMs = user[0] == 'a' ? 1000 : 2000;
            entry.entry = std::string("entry-") + user;
            entry.user = user;
            entry.server = user[0] == 'a' ? "redis-eu:6379" : "redis-us:6379";
            entry.lock = std::string("invoice\0\xff", 9);
            entry.action = "release";
            entry.result = "released";
            entry.reason = std::string("INC-4312: ") + user;
            SharedAudit audit(url, {}, AuditOutbox(desks.filePath(user).toStdString()));
            QVERIFY(audit.record(entry).ok());
            QVERIFY(audit.record(entry).ok()); // sent again: kept once
        }
        auto entries = HistoryQuery::open(url)->audit(always);
        QVERIFY(entries);
        QCOMPARE(entries->size(), size_t(2));
        QCOMPARE((*entries)[0].user, std::string("alice"));
        QCOMPARE((*entries)[0].server, std::string("redis-eu:6379"));
        QCOMPARE((*entries)[0].lock, std::string("invoice\0\xff", 9));
        QCOMPARE((*entries)[1].reason, std::string("INC-4312: bob"));
    }

    void aSchemaFourDatabaseIsMigratedAndKeepsTheLibrarysNameOfItsLocks()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        QFile dump(QStringLiteral(LOCKSCOPE_FIXTURES "/postgres-schema-4.sql"));
        QVERIFY(dump.open(QIODevice::ReadOnly));
        QVERIFY(m_postgres->execute(dump.readAll().toStdString(), database).ok());
        {
            auto before = HistoryQuery::open(url); // read as it is, never migrated by a reader
            QVERIFY(before);
            auto named = before->locksNamed("invoice:7");
            QVERIFY(named && named->size() == 1 && named->front().apiName.empty());
        }
        auto recorder = openRecorder(url, "old-server", 10000);
        QVERIFY(recorder);
        QCOMPARE(*m_postgres->scalar("SELECT version FROM lockscope_schema", database),
            std::to_string(PostgresSchema::currentVersion));
        QVERIFY(recorder
                    ->record(namedLockEvent(Type::Appeared, "laravel_database_laravel_cache:reports:monthly",
                        "reports:monthly", {"t1"}, 11000))
                    .ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "invoice:7", {}, 11500)).ok());
        QVERIFY(recorder->close(12000).ok());
        QCOMPARE(holdsOf(url, "invoice:7").size(), size_t(1)); // the old hold is kept
        auto query = HistoryQuery::open(url);
        QVERIFY(query);
        auto named = query->locksNamed("reports:monthly");
        QVERIFY(named);
        QCOMPARE(named->size(), size_t(1));
        QCOMPARE(named->front().lock, std::string("laravel_database_laravel_cache:reports:monthly"));
        QCOMPARE(named->front().node, std::string("127.0.0.1:6390"));
        const auto holds = holdsOf(url, named->front().lock);
        QCOMPARE(holds.size(), size_t(1));
        QCOMPARE(holds[0].apiName, std::string("reports:monthly"));
        // The events' indexes that no query reads are gone.
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM pg_indexes WHERE tablename = 'events'", database),
            std::string("1"));
    }

    void aNameSharedByLocksOnTwoServersFindsBoth()
    {
        const auto url = freshDatabase();
        auto first = openRecorder(url, "redis-a:6379", 1000);
        auto second = openRecorder(url, "redis-b:6379", 1000);
        QVERIFY(first && second);
        for (const char* node : {"redis-a:6379", "redis-b:6379"}) {
            auto event
                = namedLockEvent(Type::Appeared, std::string("app:") + node, "nightly", {"t"}, 2000, node);
            QVERIFY((node[6] == 'a' ? first : second)->record(event).ok());
        }
        QVERIFY(first->close(3000).ok());
        QVERIFY(second->close(3000).ok());
        auto query = HistoryQuery::open(url);
        QVERIFY(query);
        auto named = query->locksNamed("nightly");
        QVERIFY(named);
        QCOMPARE(named->size(), size_t(2));
        QCOMPARE(named->at(0).node, std::string("redis-a:6379"));
        QCOMPARE(named->at(1).node, std::string("redis-b:6379"));
    }

    void aNewerSchemaIsRefusedNamingBothVersions()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        QVERIFY(openRecorder(url, "a", 1000));
        QVERIFY(m_postgres->execute("UPDATE lockscope_schema SET version = 99", database).ok());
        auto recorder = HistoryRecorder::open(url, optionsFor("b"), 2000);
        QVERIFY(!recorder);
        QCOMPARE(recorder.error().kind, ErrorKind::ForeignData);
        QVERIFY2(recorder.error().message.find("schema 99, this one knows up to 6") != std::string::npos,
            recorder.error().message.c_str());
        auto query = HistoryQuery::open(url);
        QVERIFY(!query);
        QCOMPARE(query.error().kind, ErrorKind::ForeignData);
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM sessions", database), std::string("1"));
    }

    void anotherProgramsDatabaseIsRefusedAndLeftAlone()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        QVERIFY(m_postgres->execute("CREATE TABLE invoices(id int)", database).ok());
        auto recorder = HistoryRecorder::open(url, optionsFor("a"), 1000);
        QVERIFY(!recorder);
        QCOMPARE(recorder.error().kind, ErrorKind::ForeignData);
        QVERIFY2(
            recorder.error().message.find("invoices") != std::string::npos, recorder.error().message.c_str());
        QCOMPARE(
            *m_postgres->scalar(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", database),
            std::string("1"));
    }

    void retentionDeletesOldRowsInBoundedBatches()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        const long long now = 40 * day;
        HistoryOptions options;
        options.batchSize = 5000;
        auto recorder = openRecorder(url, "a", day, options);
        QVERIFY(recorder);
        // More than two of retention's batches (10,000 rows each), all older than 30 days.
        for (int i = 0; i < 12000; ++i) {
            const std::string name = "old:" + std::to_string(i % 100);
            QVERIFY(recorder->record(lockEvent(Type::Appeared, name, {"A"}, day + 2 * i)).ok());
            QVERIFY(recorder->record(lockEvent(Type::Released, name, {"A"}, day + 2 * i + 1)).ok());
        }
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "young", {"A"}, now - 1000)).ok());
        QVERIFY(recorder->flush(now).ok());
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM events", database), std::string("24001"));
        QVERIFY(recorder->applyRetention(now).ok());
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM events", database), std::string("1"));
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM holds", database), std::string("1"));
    }

    // The connection drops after the server committed a batch but before its reply arrived: the
    // recorder cannot tell from the connection, asks the database once it is back, and neither
    // writes the batch twice nor loses what came after it.
    void aBatchWhoseCommitReplyIsLostIsWrittenOnce()
    {
        const auto url = freshDatabase();
        const std::string database = url.substr(url.rfind('/') + 1);
        auto cutter = CommitReplyCutter::start(m_postgres->port());
        QVERIFY(cutter);
        auto recorder = openRecorder((*cutter)->url(database), "127.0.0.1:6390", 1000);
        QVERIFY(recorder);
        QVERIFY(recorder->watchingResumed({}, 1000, {"test"}).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "invoice", {"A"}, 2000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "invoice", {"A"}, 2500)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "invoice", {"B"}, 3000)).ok());
        (*cutter)->arm();
        QVERIFY(recorder->flush(3100).ok());
        QCOMPARE((*cutter)->cut(), 1);
        QVERIFY(recorder->isBuffering());
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM holds", database), std::string("2"));
        // The dropped connection's backend is gone (its claim on the source with it).
        QTRY_COMPARE(*m_postgres->scalar(
                         "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND"
                         " database = (SELECT oid FROM pg_database WHERE datname = current_database())",
                         database),
            std::string("0"));
        QVERIFY(recorder->record(lockEvent(Type::Released, "invoice", {"B"}, 4000)).ok());
        QVERIFY(recorder->flush(4100).ok());
        QVERIFY(!recorder->isBuffering());
        const auto holds = holdsOf(url, "invoice");
        QCOMPARE(holds.size(), size_t(2));
        QCOMPARE(holds[0].holder, std::string("A"));
        QCOMPARE(holds[0].endedMs, std::optional<long long>(2500));
        QCOMPARE(holds[1].holder, std::string("B"));
        QCOMPARE(holds[1].endedMs, std::optional<long long>(4000));
        QCOMPARE(*m_postgres->scalar("SELECT count(*) FROM events", database), std::string("4"));
    }

    // Last: it stops and restarts the suite's server.
    void aRecorderBuffersWhileItsDatabaseIsAwayAndKeepsAGapForWhatItDropped()
    {
        const auto url = freshDatabase();
        HistoryOptions options;
        options.bufferedEventsLimit = 2;
        auto recorder = openRecorder(url, "127.0.0.1:6390", 1000, options);
        QVERIFY(recorder);
        QVERIFY(recorder->watchingResumed({}, 1000, {"test"}).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "before", {"A"}, 2000)).ok());
        QVERIFY(recorder->flush(2100).ok());
        m_postgres->stop();
        // Buffered (up to 2 events): the hold of "kept" is written once the database is back.
        QVERIFY(recorder->record(lockEvent(Type::Released, "before", {"A"}, 3000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "kept", {"K"}, 3100)).ok());
        QVERIFY(recorder->flush(3200).ok());
        QVERIFY(recorder->isBuffering());
        // Past the limit: dropped, counted, and a gap once the database is back.
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "dropped", {"D"}, 5000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Released, "dropped", {"D"}, 6000)).ok());
        QVERIFY(recorder->record(lockEvent(Type::Appeared, "late", {"L"}, 7000)).ok());
        QVERIFY(recorder->flush(7100).ok());
        QVERIFY(recorder->isBuffering());
        QVERIFY(m_postgres->restart().ok());
        QVERIFY(recorder->flush(8000).ok()); // nothing pending: the heartbeat is what retries
        QVERIFY(recorder->flushIfDue(20000).ok());
        QVERIFY(!recorder->isBuffering());
        QCOMPARE(holdsOf(url, "before").front().ending, HoldEnding::Released);
        QCOMPARE(holdsOf(url, "kept").size(), size_t(1));
        // "late" was dropped but is held now: set right from what the recorder sees.
        QCOMPARE(holdsOf(url, "late").size(), size_t(1));
        QCOMPARE(holdsOf(url, "dropped").size(), size_t(0));
        auto query = HistoryQuery::open(url);
        QVERIFY(query);
        const auto gaps = query->gaps(always);
        QCOMPARE(gaps->size(), size_t(1));
        QVERIFY2(gaps->front().reason.find("3 event(s) not recorded") != std::string::npos,
            gaps->front().reason.c_str());
        QCOMPARE(gaps->front().startedMs, 5000LL);
    }

    void anAdminActionTakenWhileTheDatabaseIsDownIsWrittenWhenItIsBack()
    {
        const auto url = freshDatabase();
        QTemporaryDir desk;
        SharedAudit audit(url, {}, AuditOutbox(desk.filePath("audit.log.outbox").toStdString()));
        auto entryOf = [](const std::string& id, long long atMs) {
            AuditEntry entry;
            entry.entry = id;
            entry.timeMs = atMs;
            entry.user = "alice";
            entry.action = "release";
            entry.lock = id;
            entry.reason = "stuck after deploy";
            return entry;
        };
        m_postgres->stop();
        auto down = audit.record(entryOf("while-down", 1000));
        QVERIFY(!down);
        QVERIFY2(down.error().message.find("waits in") != std::string::npos, down.error().message.c_str());
        QVERIFY(m_postgres->restart().ok());
        // The next action on that history sends the one that waited first.
        QVERIFY(audit.record(entryOf("after", 2000)).ok());
        auto entries = HistoryQuery::open(url)->audit(always);
        QVERIFY(entries);
        QCOMPARE(entries->size(), size_t(2));
        QCOMPARE(entries->front().entry, std::string("while-down"));
        QCOMPARE(entries->front().reason, std::string("stuck after deploy"));
        QCOMPARE(*audit.sendWaiting(), 0LL);
    }
};

QTEST_GUILESS_MAIN(tst_PostgresHistory)
#include "tst_PostgresHistory.moc"
