#include "RecordProcess.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/postgres/PostgresTestServer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <map>
#include <set>
#include <thread>

using namespace lockscope;
using test::LockFormats;
using test::PostgresTestServer;
using test::RecordProcess;
using namespace std::chrono_literals;

namespace {

struct ProcessRun
{
    int code = -1;
    QString out;
    QString err;
};

// lockscope-cli in a process of its own (the "third process" at another desk).
ProcessRun runCliProcess(const QStringList& arguments, const QMap<QString, QString>& environment = {})
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("PGPASSWORD");
    for (auto it = environment.begin(); it != environment.end(); ++it)
        env.insert(it.key(), it.value());
    process.setProcessEnvironment(env);
    process.start(LOCKSCOPE_CLI_PATH, arguments);
    ProcessRun run;
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

// `record` and `history` with --db postgresql://... against a real PostgreSQL 15 and real
// redis-servers, each lockscope-cli in a process of its own; the refusals with their exit codes.
class tst_CliPostgresHistory : public test::RedisTestCase
{
    Q_OBJECT

    std::unique_ptr<PostgresTestServer> m_postgres;
    int m_databases = 0;

    void initSuite() override
    {
        m_postgres = PostgresTestServer::start();
        QVERIFY(m_postgres);
    }
    void cleanupSuite() override { m_postgres.reset(); }

    // A fresh database (owned by `owner`), its name.
    std::string freshDatabase(const std::string& owner = "postgres")
    {
        const std::string name = "cli" + std::to_string(++m_databases);
        auto created = m_postgres->createDatabase(name, owner);
        if (!created)
            qWarning("%s", created.error().message.c_str());
        return name;
    }

    QString url(const std::string& database, const std::string& user = "postgres")
    {
        return QString::fromStdString(m_postgres->url(database, user));
    }

    // The first value `sql` gives in `database` ("?" on an error).
    std::string valueOf(const std::string& sql, const std::string& database)
    {
        auto value = m_postgres->scalar(sql, database);
        return value ? *value : "?";
    }

    // How many tables the database has in its public schema (nothing written: none).
    std::string tablesIn(const std::string& database)
    {
        auto count = m_postgres->scalar(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", database);
        return count ? *count : "?";
    }

    // `record` and `history` both refuse `db` with `code` and one line naming `reason`.
    void bothRefuse(const QString& db, int code, const QString& reason,
        const QMap<QString, QString>& environment = {}, const QStringList& more = {})
    {
        const auto record = runCliProcess(
            QStringList {"--url", QString::fromStdString(m_server->url()), "record", "--db", db} + more,
            environment);
        QCOMPARE(record.code, code);
        QVERIFY2(record.err.contains(reason), qPrintable(record.err));
        QCOMPARE(record.err.trimmed().count('\n'), 0);
        const auto history
            = runCliProcess(QStringList {"history", "invoice", "--db", db} + more, environment);
        QCOMPARE(history.code, code);
        QVERIFY2(history.err.contains(reason), qPrintable(history.err));
        QCOMPARE(history.err.trimmed().count('\n'), 0);
    }

private slots:
    void init() { QVERIFY(m_redis->command({"FLUSHALL"}).ok()); }

    void twoRecordersOnTwoServersFeedOneHistoryThatAThirdProcessReads()
    {
        auto other = test::startServer();
        QVERIFY(other);
        auto otherClient = test::connectTo(*other);
        QVERIFY(otherClient);
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        const std::string database = freshDatabase();
        RecordProcess first(
            {"--url", QString::fromStdString(m_server->url()), "record", "--db", url(database)});
        RecordProcess second(
            {"--url", QString::fromStdString(other->url()), "record", "--db", url(database)});
        QVERIFY(first.started() && second.started());
        QVERIFY2(first.waitForError("lock(s) now", 15s), qPrintable(first.errorText()));
        QVERIFY2(second.waitForError("lock(s) now", 15s), qPrintable(second.errorText()));
        QVERIFY(LockFormats::redissonLock(*m_redis, "invoice", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*otherClient, "invoice", LockFormats::clientA, 2, 30000).ok());
        std::set<QString> nodes;
        const auto giveUp = std::chrono::steady_clock::now() + 15s;
        while (nodes.size() < 2 && std::chrono::steady_clock::now() < giveUp) {
            std::this_thread::sleep_for(200ms);
            const auto run
                = runCliProcess({"history", "invoice", "--db", url(database), "--since", "1h", "--json"});
            QCOMPARE(run.code, 0);
            nodes.clear();
            for (const auto hold : QJsonDocument::fromJson(run.out.toUtf8()).object()["holds"].toArray())
                nodes.insert(hold.toObject()["node"].toString());
        }
        QCOMPARE(nodes.size(), size_t(2));
        QCOMPARE(first.terminate(), 0);
        QCOMPARE(second.terminate(), 0);
        const auto text = runCliProcess({"history", "invoice", "--db", url(database), "--since", "1h"});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains(QString::fromStdString(LockFormats::clientA + ":1"))
                && text.out.contains(QString::fromStdString(LockFormats::clientA + ":2")),
            qPrintable(text.out));
    }

    void aFleetRecordsIntoOneDatabaseAndAStoppedOrKilledServerNeverDelaysTheOthers()
    {
        auto stopped = test::startServer();
        auto killed = test::startServer();
        QVERIFY(stopped && killed);
        QVERIFY(m_redis->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"}).ok());
        const std::string database = freshDatabase();
        RecordProcess record({"--url", QString::fromStdString(m_server->url()), "--url",
            QString::fromStdString(stopped->url()), "--url", QString::fromStdString(killed->url()), "record",
            "--db", url(database)});
        QVERIFY(record.started());
        QVERIFY2(record.waitForError("lock(s) now", 15s, 3), qPrintable(record.errorText()));
        QCOMPARE(::kill(stopped->pid(), SIGSTOP), 0); // hangs: its watcher's replies never come
        struct Resume // however the test ends, the server can be stopped again
        {
            pid_t pid;
            ~Resume() { ::kill(pid, SIGCONT); }
        } resume {stopped->pid()};
        killed->kill();
        const std::string live = "127.0.0.1:" + std::to_string(m_server->port());
        // The live server's holds keep arriving, one after another: each taken, seen written,
        // released, seen ended.
        const auto waitFor = [&](const std::string& sql, const std::string& value) {
            const auto giveUp = std::chrono::steady_clock::now() + 15s;
            while (valueOf(sql, database) != value && std::chrono::steady_clock::now() < giveUp)
                std::this_thread::sleep_for(100ms);
            return valueOf(sql, database) == value;
        };
        const std::string holdsOnLive = "SELECT count(*) FROM holds h JOIN locks l ON l.id = h.lock_id"
                                        " WHERE l.source = '"
            + live + "'";
        for (int round = 1; round <= 5; ++round) {
            const std::string lock = "job:" + std::to_string(round);
            QVERIFY(LockFormats::redissonLock(*m_redis, lock, LockFormats::clientA, 1, 30000).ok());
            QVERIFY2(waitFor(holdsOnLive, std::to_string(round)), qPrintable(record.errorText()));
            QVERIFY(m_redis->command({"DEL", lock}).ok());
            QVERIFY2(waitFor(holdsOnLive + " AND h.ending = 1", std::to_string(round)),
                qPrintable(record.errorText()));
        }
        QCOMPARE(::kill(stopped->pid(), SIGCONT), 0);
        QCOMPARE(record.terminate(), 0);
        // Each server had its own session in the one database, under the name `list` gives it.
        std::vector<std::string> names {live, "127.0.0.1:" + std::to_string(stopped->port()),
            "127.0.0.1:" + std::to_string(killed->port())};
        std::sort(names.begin(), names.end());
        QCOMPARE(valueOf("SELECT string_agg(DISTINCT source, ',' ORDER BY source) FROM sessions", database),
            names[0] + "," + names[1] + "," + names[2]);
        const auto history
            = runCliProcess({"history", "job:1", "--db", url(database), "--since", "1h", "--json"});
        QCOMPARE(history.code, 0);
        const auto holds = QJsonDocument::fromJson(history.out.toUtf8()).object()["holds"].toArray();
        QCOMPARE(holds.size(), 1);
        QCOMPARE(holds[0].toObject()["server"].toString(), QString::fromStdString(live));
    }

    void aSecondRecorderOnTheSameServerIsRefused()
    {
        const std::string database = freshDatabase();
        RecordProcess first(
            {"--url", QString::fromStdString(m_server->url()), "record", "--db", url(database)});
        QVERIFY(first.started());
        QVERIFY2(first.waitForError("lock(s) now", 15s), qPrintable(first.errorText()));
        const auto second = runCliProcess(
            {"--url", QString::fromStdString(m_server->url()), "record", "--db", url(database)});
        QCOMPARE(second.code, 69);
        QVERIFY2(
            second.err.contains("a second recorder on the same server is refused"), qPrintable(second.err));
        QCOMPARE(first.terminate(), 0);
    }

    void aPasswordInTheUrlIsRefused()
    {
        bothRefuse(url(freshDatabase(), "someone:secret"), 64, "holds a password");
    }

    void aRefusedConnectionIsUnreachable()
    {
        bothRefuse("postgresql://postgres@127.0.0.1:1/nothing", 69, "unreachable");
    }

    void anUnknownHostIsUnreachable()
    {
        bothRefuse("postgresql://postgres@no-such-host.invalid/nothing", 69, "unreachable");
    }

    void aMissingDatabaseIsUnreachable() { bothRefuse(url("no_such_database"), 69, "no such database"); }

    void aFailedPasswordIsAPermissionProblem()
    {
        const std::string database = freshDatabase("recorder");
        bothRefuse(url(database, "recorder"), 77, "login refused", {{"HISTORY_PASSWORD", "wrong"}},
            {"--db-password-env", "HISTORY_PASSWORD"});
        QCOMPARE(tablesIn(database), std::string("0"));
    }

    void theRightPasswordFromTheEnvironmentLogsIn()
    {
        const std::string database = freshDatabase("recorder");
        const auto run = runCliProcess({"history", "invoice", "--db", url(database, "recorder"),
                                           "--db-password-env", "HISTORY_PASSWORD"},
            {{"HISTORY_PASSWORD", "secret"}});
        // Logged in: the database is empty, which is a different refusal.
        QCOMPARE(run.code, 69);
        QVERIFY2(run.err.contains("is empty"), qPrintable(run.err));
    }

    void noPermissionToCreateTablesIsAPermissionProblem()
    {
        const std::string database = freshDatabase(); // owned by postgres: others may not create in it
        QVERIFY(m_postgres
                    ->execute("DO $$ BEGIN CREATE ROLE visitor LOGIN PASSWORD 'secret';"
                              " EXCEPTION WHEN duplicate_object THEN NULL; END $$")
                    .ok());
        const auto record = runCliProcess(
            {"--url", QString::fromStdString(m_server->url()), "record", "--db", url(database, "visitor")},
            {{"PGPASSWORD", "secret"}});
        QCOMPARE(record.code, 77);
        QVERIFY2(record.err.contains("permission denied"), qPrintable(record.err));
        QCOMPARE(tablesIn(database), std::string("0"));
    }

    void anotherProgramsDatabaseIsNotALockScopeDatabase()
    {
        const std::string database = freshDatabase();
        QVERIFY(m_postgres->execute("CREATE TABLE orders(id int)", database).ok());
        bothRefuse(url(database), 65, "not LockScope's");
        QCOMPARE(tablesIn(database), std::string("1"));
    }

    void aNewerLockScopesDatabaseIsRefusedNamingBothVersions()
    {
        const std::string database = freshDatabase();
        QVERIFY(m_postgres
                    ->execute("CREATE TABLE lockscope_schema(version integer NOT NULL);"
                              " INSERT INTO lockscope_schema VALUES (7)",
                        database)
                    .ok());
        bothRefuse(url(database), 65, "schema 7, this one knows up to 6");
        QCOMPARE(tablesIn(database), std::string("1"));
    }

    void twoDesksReleaseLocksOnTwoServersAndAThirdReadsWhoAndWhy()
    {
        auto other = test::startServer();
        QVERIFY(other);
        auto otherClient = test::connectTo(*other);
        QVERIFY(otherClient);
        QVERIFY(LockFormats::redissonLock(*m_redis, "invoice", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*otherClient, "payout", LockFormats::clientA, 2, 30000).ok());
        const std::string database = freshDatabase();
        QTemporaryDir aliceDesk, bobDesk;
        // Two desks: two processes, two OS users (LOGNAME), each its own local audit log.
        const auto alice = runCliProcess(
            {"--url", QString::fromStdString(m_server->url()), "release", "invoice", "--force", "--yes",
                "--reason", "INC-4312: stuck after deploy", "--db", url(database)},
            {{"LOGNAME", "alice"}, {"XDG_DATA_HOME", aliceDesk.path()}});
        QVERIFY2(alice.code == 0, qPrintable(alice.err));
        const auto bob
            = runCliProcess({"--url", QString::fromStdString(other->url()), "release", "payout", "--force",
                                "--yes", "--reason", "INC-4313: worker gone", "--db", url(database)},
                {{"LOGNAME", "bob"}, {"XDG_DATA_HOME", bobDesk.path()}});
        QVERIFY2(bob.code == 0, qPrintable(bob.err));
        // A third desk reads both, with their names and reasons.
        const auto reader = runCliProcess(
            {"history", "--audit", "--since", "1h", "--json", "--db", url(database)}, {{"LOGNAME", "carol"}});
        QVERIFY2(reader.code == 0, qPrintable(reader.err));
        const QJsonArray entries = QJsonDocument::fromJson(reader.out.toUtf8()).array();
        QCOMPARE(entries.size(), 2);
        std::map<QString, QJsonObject> byUser;
        for (const auto entry : entries)
            byUser[entry.toObject()["user"].toString()] = entry.toObject();
        QCOMPARE(byUser["alice"]["reason"].toString(), QString("INC-4312: stuck after deploy"));
        QCOMPARE(byUser["alice"]["lock"].toString(), QString("invoice"));
        QCOMPARE(byUser["alice"]["action"].toString(), QString("release"));
        QCOMPARE(byUser["alice"]["server"].toString(), QString("127.0.0.1:%1").arg(m_server->port()));
        QVERIFY2(byUser["alice"]["result"].toString().startsWith("done"), qPrintable(reader.out));
        QCOMPARE(byUser["bob"]["reason"].toString(), QString("INC-4313: worker gone"));
        QCOMPARE(byUser["bob"]["server"].toString(), QString("127.0.0.1:%1").arg(other->port()));
        QVERIFY(!byUser["bob"]["host"].toString().isEmpty());
        const auto text = runCliProcess({"history", "--audit", "--since", "1h", "--db", url(database)});
        QCOMPARE(text.code, 0);
        QVERIFY2(
            text.out.contains("alice@") && text.out.contains("INC-4313: worker gone"), qPrintable(text.out));
        // Each desk's local audit log has its own action too, with the reason.
        QFile log(aliceDesk.filePath("lockscope/audit.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().contains("INC-4312: stuck after deploy"));
    }

    // Stops the PostgreSQL server (and starts it again): last.
    void anAdminActionWhileTheDatabaseIsDownIsWrittenThereWhenItIsBack()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "first", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*m_redis, "second", LockFormats::clientA, 1, 30000).ok());
        const std::string database = freshDatabase();
        QTemporaryDir desk;
        const QMap<QString, QString> environment {{"LOGNAME", "alice"}, {"XDG_DATA_HOME", desk.path()}};
        m_postgres->stop();
        const auto down
            = runCliProcess({"--url", QString::fromStdString(m_server->url()), "release", "first", "--force",
                                "--yes", "--reason", "while the database was down", "--db", url(database)},
                environment);
        QCOMPARE(down.code, 0); // released all the same
        QVERIFY2(down.err.contains("waits in"), qPrintable(down.err));
        auto exists = m_redis->command({"EXISTS", "first"});
        QVERIFY(exists && exists->integer() == 0);
        QVERIFY(m_postgres->restart().ok());
        const auto back = runCliProcess({"--url", QString::fromStdString(m_server->url()), "release",
                                            "second", "--force", "--yes", "--db", url(database)},
            environment);
        QVERIFY2(back.code == 0 && !back.err.contains("warning"), qPrintable(back.err));
        const auto reader
            = runCliProcess({"history", "--audit", "--since", "1h", "--json", "--db", url(database)});
        QCOMPARE(reader.code, 0);
        const QJsonArray entries = QJsonDocument::fromJson(reader.out.toUtf8()).array();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[0].toObject()["lock"].toString(), QString("first"));
        QCOMPARE(entries[0].toObject()["reason"].toString(), QString("while the database was down"));
        QCOMPARE(entries[1].toObject()["lock"].toString(), QString("second"));
    }
};

QTEST_GUILESS_MAIN(tst_CliPostgresHistory)
#include "tst_CliPostgresHistory.moc"
