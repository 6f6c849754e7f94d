#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace lockscope;
using test::LockFormats;

class tst_CliAdmin : public test::RedisTestCase
{
    Q_OBJECT
    std::unique_ptr<QTemporaryDir> m_dir;

    std::string auditPath() const { return m_dir->path().toStdString() + "/audit.log"; }

    // lockscope-cli against the suite's server, auditing into this test's directory.
    test::CliRun runCli(std::vector<std::string> args, const std::string& input = "")
    {
        args.insert(args.begin(), {"--url", m_server->url()});
        return test::runCli(args, {{"LOCKSCOPE_AUDIT_LOG", auditPath()}}, input);
    }

    std::vector<QJsonObject> auditEntries() const
    {
        std::vector<QJsonObject> entries;
        std::ifstream file(auditPath());
        std::string line;
        while (std::getline(file, line))
            entries.push_back(QJsonDocument::fromJson(QByteArray::fromStdString(line)).object());
        return entries;
    }

    bool exists(const std::string& key) { return m_redis->command({"EXISTS", key})->integer() == 1; }

private slots:
    void init()
    {
        QVERIFY(run({"FLUSHALL"}));
        m_dir = std::make_unique<QTemporaryDir>();
    }

    void forcedReleaseExitsZeroAndIsAudited()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto result = runCli({"release", "orders", "--force", "--yes"});
        QCOMPARE(result.code, 0);
        QVERIFY(!exists("orders"));
        auto entries = auditEntries();
        QCOMPARE(entries.size(), size_t(1));
        QCOMPARE(entries[0]["action"].toString(), QString("release"));
        QCOMPARE(entries[0]["lock"].toString(), QString("orders"));
        QVERIFY(entries[0]["before"].toObject()["holders"].isArray());
        QVERIFY(entries[0]["after"].isNull());
        QVERIFY(entries[0]["result"].toString().startsWith("done"));
    }

    void releaseAndExtendPrintTheirOutcomeAsJson()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto extended = runCli({"extend", "orders", "--ttl", "600000", "--json"});
        QCOMPARE(extended.code, 0);
        const auto extend = QJsonDocument::fromJson(extended.out.toUtf8()).object();
        QCOMPARE(extend["command"].toString(), QString("extend"));
        QCOMPARE(extend["outcome"].toString(), QString("done"));
        QVERIFY(extend["after"].toObject()["ttl_ms"].toInteger() > 30000);
        auto released = runCli({"release", "orders", "--force", "--yes", "-j"});
        QCOMPARE(released.code, 0);
        const auto release = QJsonDocument::fromJson(released.out.toUtf8()).object();
        QCOMPARE(release["name"].toString(), QString("orders"));
        QCOMPARE(release["outcome"].toString(), QString("done"));
        QCOMPARE(release["before"].toObject()["name"].toString(), QString("orders"));
        QVERIFY(release["after"].isNull());
    }

    void withoutYesItAsksShowingTheHolder()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 3, 30000).ok());
        auto declined = runCli({"release", "orders", "--force"}, "n\n");
        QCOMPARE(declined.code, 1);
        QVERIFY(declined.out.contains(QString::fromStdString("held by " + LockFormats::clientA + ":3")));
        QVERIFY(declined.out.contains("[y/N]"));
        QVERIFY(exists("orders"));
        QVERIFY(auditEntries().empty()); // nothing was done
        auto confirmed = runCli({"release", "orders", "--force"}, "y\n");
        QCOMPARE(confirmed.code, 0);
        QVERIFY(!exists("orders"));
    }

    void aLiveHolderNeedsForce()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        auto result = runCli({"release", "orders", "--yes"});
        QCOMPARE(result.code, int(ExitUsage));
        QVERIFY(result.err.contains(QString::fromStdString(LockFormats::clientA + ":1"))); // shows the holder
        QVERIFY(exists("orders"));
    }

    void aStuckLegacyLockIsReleasedWithoutForce()
    {
        QVERIFY(
            run({"SET", "lock.nightly", std::to_string(LockFormats::serverNowMs(*m_redis) / 1000 - 600)}));
        QCOMPARE(runCli({"release", "lock.nightly", "--yes"}).code, 0);
        QVERIFY(!exists("lock.nightly"));
    }

    void aReleaseWithConsequencesSaysThemBeforeAsking()
    {
        QVERIFY(run({"SET", "bull:emails:7:lock", LockFormats::uuidV4() + ":1", "PX", "30000"}));
        auto declined = runCli({"release", "bull:emails:7:lock", "--force"}, "n\n");
        QCOMPARE(declined.code, 1);
        QVERIFY2(declined.err.contains("may run twice"), qPrintable(declined.err));
        QVERIFY(exists("bull:emails:7:lock"));
    }

    void releaseTakesTheNameLaravelsCacheLockWasGiven()
    {
        // Cache::lock('reports:monthly', 30) in a Laravel 8 app named "Laravel": phpredis puts the
        // REDIS_PREFIX and RedisStore the cache prefix before the name.
        const std::string key = "laravel_database_laravel_cache:reports:monthly";
        QVERIFY(LockFormats::laravelLock(*m_redis, key).ok());
        auto result = runCli({"release", "reports:monthly", "--force", "--yes"});
        QVERIFY2(result.code == 0, qPrintable(result.err));
        QVERIFY(!exists(key));
    }

    void releaseFreesALockLaravelItselfTookForItsNextTaker()
    {
        // Laravel's own Cache::lock (Debian's php-laravel-framework with phpredis, installed by
        // packaging/setup-debian.sh), prefixed as a Laravel 8 app named "Laravel" prefixes it.
        if (!QFileInfo::exists("/usr/bin/php"))
            QSKIP("/usr/bin/php is not installed (packaging/setup-debian.sh installs php-cli)");
        auto takeLock = [this] {
            QProcess php;
            php.start("/usr/bin/php",
                {QStringLiteral(LOCKSCOPE_LARAVEL_LOCK_SCRIPT), QString::number(m_server->port()),
                    "reports:monthly", "30"});
            php.waitForFinished(30000);
            return php.exitCode() == 0 ? php.readAllStandardOutput().trimmed().toStdString()
                                       : "error: " + php.readAllStandardError().toStdString();
        };
        QCOMPARE(takeLock(), std::string("acquired"));
        QCOMPARE(takeLock(), std::string("refused")); // held
        const auto listed = runCli({"list"});
        QCOMPARE(listed.code, 0);
        const auto line = listed.out.split('\n').filter("reports:monthly");
        QCOMPARE(line.size(), 1);
        QVERIFY2(line.front().contains("Laravel"), qPrintable(line.front()));
        QVERIFY2(
            !line.front().contains("laravel_database_"), qPrintable(line.front())); // the name, not the key
        const auto released = runCli({"release", "reports:monthly", "--force", "--yes"});
        QVERIFY2(released.code == 0, qPrintable(released.err));
        QVERIFY(!exists("laravel_database_laravel_cache:reports:monthly"));
        QCOMPARE(takeLock(), std::string("acquired"));
    }

    void extendTakesALibrarysNameToo()
    {
        const std::string key
            = "billing_database_billing_cache_reports:monthly"; // Laravel 11, APP_NAME=Billing
        QVERIFY(LockFormats::laravelLock(*m_redis, key).ok());
        auto result = runCli({"extend", "reports:monthly", "--ttl", "600000"});
        QVERIFY2(result.code == 0, qPrintable(result.err));
        QVERIFY(m_redis->command({"PTTL", key})->integer() > 300000);
    }

    void aNameOfLocksUnderTwoPrefixesIsRefusedWithBothListed()
    {
        const std::string laravel8 = "laravel_database_laravel_cache:reports:monthly";
        const std::string laravel11 = "laravel_database_laravel_cache_reports:monthly";
        QVERIFY(LockFormats::laravelLock(*m_redis, laravel8).ok());
        QVERIFY(LockFormats::laravelLock(*m_redis, laravel11).ok());
        auto result = runCli({"release", "reports:monthly", "--force", "--yes"});
        QCOMPARE(result.code, int(ExitUsage));
        QVERIFY2(result.err.contains("refusing to guess"), qPrintable(result.err));
        QVERIFY(result.err.contains(QString::fromStdString(laravel8)));
        QVERIFY(result.err.contains(QString::fromStdString(laravel11)));
        QVERIFY(exists(laravel8) && exists(laravel11));
        // Its key still names one of them.
        QCOMPARE(runCli({"release", laravel11, "--force", "--yes"}).code, 0);
        QVERIFY(exists(laravel8) && !exists(laravel11));
    }

    void aNameTwoLibrariesUseIsRefused()
    {
        // python-redis-lock's Lock(redis, "nightly") and RedLock.net's "nightly" resource.
        QVERIFY(run({"SET", "lock:nightly", LockFormats::randomBase64(18), "EX", "60"}));
        QVERIFY(run({"SET", "redlock:nightly", LockFormats::uuidV4(), "PX", "60000"}));
        auto result = runCli({"release", "nightly", "--force", "--yes"});
        QCOMPARE(result.code, int(ExitUsage));
        QVERIFY2(result.err.contains("python-redis-lock"), qPrintable(result.err));
        QVERIFY(exists("lock:nightly") && exists("redlock:nightly"));
    }

    void nothingToReleaseExitsOne()
    {
        auto result = runCli({"release", "missing", "--force", "--yes"});
        QCOMPARE(result.code, 1);
    }

    void readOnlyIsRefusedWithSeventySevenAndAudited()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 1, 30000).ok());
        // --read-only is a connection option: it goes before the command.
        auto result = runCli({"--read-only", "release", "orders", "--force", "--yes"});
        QCOMPARE(result.code, int(ExitNoPermission));
        QVERIFY(exists("orders"));
        auto entries = auditEntries();
        QVERIFY(!entries.empty());
        QCOMPARE(entries.back()["result"].toString(), QString("refused: read-only"));
    }

    void extendSetsTheTtl()
    {
        QVERIFY(run({"SET", "locks:job", LockFormats::randomAlnum(20), "PX", "5000"}));
        auto result = runCli({"extend", "locks:job", "--ttl", "600000"});
        QCOMPARE(result.code, 0);
        QVERIFY(m_redis->command({"PTTL", "locks:job"})->integer() > 500000);
        QCOMPARE(auditEntries().back()["action"].toString(), QString("extend"));
    }

    void extendNeedsATtl() { QCOMPARE(runCli({"extend", "locks:job"}).code, int(ExitUsage)); }
};

QTEST_GUILESS_MAIN(tst_CliAdmin)
#include "tst_CliAdmin.moc"
