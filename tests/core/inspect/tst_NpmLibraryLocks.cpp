// Locks taken by the real npm libraries (tests/core/inspect/npm/package.json, installed by
// packaging/setup-npm-test-locks.sh into <build dir>/npm-locks), and what LockScope names them: the library
// where its key, its value's own shape or its side keys say so, the family where only a token shape shared by
// several libraries speaks. Skipped where node or the libraries are not installed.
#include "inspect/LockInspector.h"
#include "inspect/admin/ForceRelease.h"
#include "support/ObservedLock.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

using namespace lockscope;
using test::listLocks;

Q_DECLARE_METATYPE(LockLibrary)

class tst_NpmLibraryLocks : public test::RedisTestCase
{
    Q_OBJECT

    // Runs take-lock.js: "" when the library took its lock, else what went wrong.
    QString take(const QString& library, const QString& name)
    {
        // Run beside the installed libraries (an ES module is found from the script's folder).
        const QString libraries = QStringLiteral(LOCKSCOPE_NPM_LIBRARIES);
        QProcess node;
        node.setWorkingDirectory(libraries);
        node.start(m_node, {libraries + "/take-lock.js", library, QString::number(m_server->port()), name});
        if (!node.waitForFinished(60000))
            return "timed out";
        return node.exitCode() == 0 ? QString() : QString::fromUtf8(node.readAllStandardError());
    }

    QString m_node;

    void initSuite() override
    {
        m_node = QStandardPaths::findExecutable("node");
        if (m_node.isEmpty())
            QSKIP("node is not installed");
        if (!QDir(QStringLiteral(LOCKSCOPE_NPM_LIBRARIES "/node_modules")).exists())
            QSKIP("the npm lock libraries are not installed (packaging/setup-npm-test-locks.sh)");
        // The driver of this source tree, beside the libraries it loads.
        const QString driver = QStringLiteral(LOCKSCOPE_NPM_LIBRARIES "/take-lock.js");
        QFile::remove(driver);
        QVERIFY(QFile::copy(QStringLiteral(LOCKSCOPE_NPM_FIXTURE "/take-lock.js"), driver));
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void eachLibrarysLockIsNamedOnlyAsFarAsTheKeysSay_data()
    {
        QTest::addColumn<QString>("library");
        QTest::addColumn<QString>("name"); // what the library is given
        QTest::addColumn<QString>("key"); // the key it writes
        QTest::addColumn<LockLibrary>("named");
        auto row = [](const char* tag, const char* library, const char* name, const QString& key,
                       LockLibrary named) {
            QTest::newRow(tag) << QString::fromUtf8(library) << QString::fromUtf8(name) << key << named;
        };
        // sha1("scheduler"): a leader election's key holds only the digest of its name.
        const QString digest
            = QString::fromLatin1(QCryptographicHash::hash("scheduler", QCryptographicHash::Sha1).toHex());
        // Libraries named by their key or their value's own shape.
        row("redis-semaphore Mutex", "redis-semaphore", "report", "mutex:report",
            LockLibrary::RedisSemaphoreNode);
        row("redis-lock", "redis-lock", "mailer", "lock.mailer", LockLibrary::NpmRedisLock);
        row("node-redis-warlock", "node-redis-warlock", "invoices", "invoices:lock",
            LockLibrary::NodeRedisWarlock);
        row("simple-redis-mutex", "simple-redis-mutex", "exports", "@simple-redis-mutex:lock-exports",
            LockLibrary::SimpleRedisMutex);
        row("@chat-adapter/state-redis", "@chat-adapter/state-redis", "slack:C07:1732",
            "chat-sdk:lock:slack:C07:1732", LockLibrary::ChatSdkState);
        row("redis-promise-lock", "redis-promise-lock", "sync-catalog", "redis-promise-lock:sync-catalog",
            LockLibrary::RedisPromiseLock);
        row("redis-leader", "redis-leader", "scheduler", "leader:" + digest, LockLibrary::RedisLeader);
        row("ts-safe-redis-leader", "ts-safe-redis-leader", "scheduler", "leader: " + digest,
            LockLibrary::SafeRedisLeader);
        // One 32-hex value over several keys: node-redlock's own (redlock-universal gives each key
        // its own value).
        row("redlock v4, two resources", "redlock-multi", "locks:seat-12A", "locks:seat-12A",
            LockLibrary::NodeRedlock);
        // Only a token shape that several libraries write: the family, never one of them.
        row("redlock v4", "redlock", "locks:orders:17", "locks:orders:17", LockLibrary::NodeRedlockFamily);
        row("@sesamecare-oss/redlock", "@sesamecare-oss/redlock", "locks:orders:18", "locks:orders:18",
            LockLibrary::NodeRedlockFamily);
        row("redlock-universal", "redlock-universal", "locks:orders:19", "locks:orders:19",
            LockLibrary::NodeRedlockFamily);
        row("ioredis-lock", "ioredis-lock", "locks:orders:20", "locks:orders:20",
            LockLibrary::UuidTokenFamily);
    }

    void eachLibrarysLockIsNamedOnlyAsFarAsTheKeysSay()
    {
        QFETCH(QString, library);
        QFETCH(QString, name);
        QFETCH(QString, key);
        QFETCH(LockLibrary, named);
        const QString failed = take(library, name);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        const auto locks = listLocks(*m_redis);
        const LockSnapshot* lock = test::findLock(locks, key.toStdString());
        QVERIFY2(lock, qPrintable(key));
        QVERIFY2(lock->library == named, std::string(lockLibraryName(lock->library)).c_str());
        QVERIFY(lock->ttlMs.has_value());
        QVERIFY(!lock->possible);
        if (named == LockLibrary::NodeRedlockFamily || named == LockLibrary::UuidTokenFamily)
            QVERIFY2(lock->confidence <= 0.5, "a family is a guess"); // and says so
    }

    void aRedisKitTokenIsNeverNamedBsmRedislock()
    {
        // 22 characters cut from standard base64: with a '+' or '/' only @redis-kit/lock's, else
        // shared with bsm/redislock and redlock-py. Taken until both cases were seen.
        bool sawOwnShape = false;
        bool sawSharedShape = false;
        for (int i = 0; i < 40 && !(sawOwnShape && sawSharedShape); ++i) {
            const std::string key = "locks:kit:" + std::to_string(i);
            const QString failed = take("@redis-kit/lock", QString::fromStdString(key));
            QVERIFY2(failed.isEmpty(), qPrintable(failed));
            const auto value = m_redis->command({"GET", key})->text();
            const auto lock = test::observeLock(*m_redis, key);
            QVERIFY(lock);
            QVERIFY(lock->library != LockLibrary::BsmRedislock);
            const bool own = value.find_first_of("+/") != std::string::npos;
            QCOMPARE(lock->library, own ? LockLibrary::RedisKitLock : LockLibrary::Token22Family);
            (own ? sawOwnShape : sawSharedShape) = true;
        }
        QVERIFY(sawOwnShape);
    }

    void aSimpleRedisMutexReleasedByLockScopeWakesItsWaiters()
    {
        QVERIFY(take("simple-redis-mutex", "exports").isEmpty());
        auto subscriber = test::connectTo(*m_server);
        QVERIFY(subscriber && subscriber->send({"SUBSCRIBE", "@simple-redis-mutex:locks-releases"}).ok());
        QVERIFY(subscriber->readReply(std::chrono::milliseconds(2000)).ok());
        const auto seen = test::observeLock(*m_redis, "@simple-redis-mutex:lock-exports");
        QVERIFY(seen);
        QCOMPARE(ForceRelease::release(*m_redis, *seen)->outcome, AdminOutcome::Done);
        auto message = subscriber->readReply(std::chrono::milliseconds(2000));
        QVERIFY(message && message->isArray() && message->size() == 3);
        // What the library's own release publishes: its waiters parse it and retry that key.
        QCOMPARE(message->at(2).text(),
            R"({ "key": "@simple-redis-mutex:lock-exports", "value": ")" + *seen->observedValue + R"(" })");
        QVERIFY(take("simple-redis-mutex", "exports").isEmpty()); // free again for the library
    }
};

QTEST_GUILESS_MAIN(tst_NpmLibraryLocks)
#include "tst_NpmLibraryLocks.moc"
