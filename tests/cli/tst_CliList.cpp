#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "common/DisplayText.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sstream>

using namespace lockscope;
using test::LockFormats;

namespace {
struct CliRun
{
    int code = -1;
    std::string out;
    QString err;
};

CliRun runCli(const std::vector<std::string>& args)
{
    std::ostringstream out;
    std::ostringstream err;
    CliRun run;
    run.code = CliRunner::run(args, {}, out, err);
    run.out = out.str();
    run.err = QString::fromStdString(err.str());
    return run;
}

} // namespace

class tst_CliList : public test::RedisTestCase
{
    Q_OBJECT

    QJsonArray listJson(std::vector<std::string> extra = {})
    {
        std::vector<std::string> args {"--url", m_server->url(), "list", "--json"};
        args.insert(args.end(), extra.begin(), extra.end());
        auto result = runCli(args);
        if (result.code != 0)
            qWarning("exit %d: %s", result.code, qPrintable(result.err));
        QJsonParseError error;
        auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(result.out), &error);
        if (error.error != QJsonParseError::NoError)
            qWarning("not JSON (%s): %s", qPrintable(error.errorString()), result.out.c_str());
        return doc.array();
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void jsonHasEveryDocumentedField()
    {
        const long long now = LockFormats::serverNowMs(*m_redis);
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 9, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 9, 30000).ok());
        QVERIFY(run({"RPUSH", "redisson_lock_queue:{orders}", LockFormats::clientA + ":10"}));
        QVERIFY(run({"ZADD", "redisson_lock_timeout:{orders}", std::to_string(now + 30000),
            LockFormats::clientA + ":10"}));
        QVERIFY(run({"INCR", "redisson_lock_token:{orders}"}));
        auto locks = listJson();
        QCOMPARE(locks.size(), 1);
        const QJsonObject lock = locks[0].toObject();
        QCOMPARE(lock["name"].toString(), QString("orders"));
        QCOMPARE(lock["kind"].toString(), QString("fair"));
        QCOMPARE(lock["library"].toString(), QString("Redisson"));
        QVERIFY(lock["confidence"].toDouble() > 0.9);
        QCOMPARE(lock["node"].toString(), QString("127.0.0.1:%1").arg(m_server->port()));
        QCOMPARE(lock["keys"].toArray().size(), 4);
        QVERIFY(lock["ttl_ms"].isDouble());
        const QJsonObject holder = lock["holders"].toArray()[0].toObject();
        QCOMPARE(holder["owner"].toString(), QString::fromStdString(LockFormats::clientA + ":9"));
        QCOMPARE(holder["count"].toInt(), 2);
        QCOMPARE(holder["mode"].toString(), QString("exclusive"));
        const QJsonObject waiter = lock["waiters"].toArray()[0].toObject();
        QCOMPARE(waiter["owner"].toString(), QString::fromStdString(LockFormats::clientA + ":10"));
        QCOMPARE(waiter["deadline_ms"].toDouble(), double(now + 30000));
        QCOMPARE(lock["waiter_count"].toInt(), 1);
        QCOMPARE(lock["fence"].toInt(), 1);
        QCOMPARE(lock["stuck"].toBool(), false);
    }

    void aLockIsListedByItsLibrarysNameWithItsKeyBeside()
    {
        const std::string key = "laravel_database_laravel_cache:reports:monthly";
        QVERIFY(LockFormats::laravelLock(*m_redis, key).ok());
        auto locks = listJson();
        QCOMPARE(locks.size(), 1);
        const QJsonObject lock = locks[0].toObject();
        QCOMPARE(lock["name"].toString(), QString("reports:monthly"));
        QCOMPARE(lock["keys"].toArray().size(), 1);
        QCOMPARE(lock["keys"].toArray()[0].toString(), QString::fromStdString(key));
        auto table = runCli({"--url", m_server->url(), "list"});
        QVERIFY(table.out.find("reports:monthly ") != std::string::npos);
        QVERIFY(table.out.find(key) == std::string::npos);
    }

    void absentTtlAndFenceAreNull()
    {
        QVERIFY(run({"SET", "lock.nightly", std::to_string(LockFormats::serverNowMs(*m_redis) / 1000 + 60)}));
        auto locks = listJson();
        QCOMPARE(locks.size(), 1);
        QVERIFY(locks[0].toObject()["ttl_ms"].isNull());
        QVERIFY(locks[0].toObject()["fence"].isNull());
    }

    void binaryNamesAreValidJsonAndEscapedInTheTable()
    {
        const std::string name("lock:\0\xff\n", 8);
        QVERIFY(run({"SET", name, LockFormats::randomAlnum(20), "PX", "60000"}));
        auto locks = listJson();
        QCOMPARE(locks.size(), 1);
        // Not UTF-8: the bytes in base64, never a "name" that a real "lock:\0ÿ\n" could also have.
        QVERIFY(!locks[0].toObject().contains("name"));
        QCOMPARE(QByteArray::fromBase64(locks[0].toObject()["name_base64"].toString().toLatin1()),
            QByteArray(name.data(), qsizetype(name.size())));
        QCOMPARE(locks[0].toObject()["keys_base64"].toArray()[0].toString(),
            locks[0].toObject()["name_base64"].toString());
        auto table = runCli({"--url", m_server->url(), "list"});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.find("lock:\\x00\\xff\\n") != std::string::npos);
        QVERIFY(table.out.find('\0') == std::string::npos);
    }

    void aValidUtf8NameIsTextInJsonAndInTheTable()
    {
        const std::string name = "锁:東京:café";
        QVERIFY(run({"SET", name, LockFormats::randomAlnum(20), "PX", "60000"}));
        auto locks = listJson();
        QCOMPARE(locks.size(), 1);
        QCOMPARE(locks[0].toObject()["name"].toString(), QString::fromUtf8(name));
        QVERIFY(!locks[0].toObject().contains("name_base64"));
        auto table = runCli({"--url", m_server->url(), "list"});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.find(name) != std::string::npos, table.out.c_str());
        // The next column starts where the header's does, counted in terminal columns: a Chinese
        // character is two of them.
        std::istringstream lines(table.out);
        std::string header;
        std::string row;
        std::getline(lines, header);
        std::getline(lines, row);
        QVERIFY2(row.starts_with(name), row.c_str());
        const size_t kindAt = row.find_first_not_of(' ', name.size());
        QCOMPARE(DisplayText::width(row.substr(0, kindAt)), header.find("KIND"));
    }

    void tableShowsOneRowPerLockWithHeader()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "alpha", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"SET", "mutex:beta", LockFormats::uuidV4(), "PX", "30000"}));
        QVERIFY(run({"HSET", "user:1", "name", "x"}));
        auto result = runCli({"--url", m_server->url(), "list"});
        QCOMPARE(result.code, 0);
        std::istringstream lines(result.out);
        std::string header, first, second, footer;
        std::getline(lines, header);
        std::getline(lines, first);
        std::getline(lines, second);
        std::getline(lines, footer);
        QVERIFY(header.starts_with("NAME"));
        QVERIFY(header.find("HOLDERS") != std::string::npos);
        QVERIFY(first.starts_with("alpha"));
        QVERIFY(first.find(LockFormats::clientA + ":1") != std::string::npos);
        QVERIFY(second.starts_with("beta ")); // redis-semaphore's Mutex "beta", key mutex:beta
        QCOMPARE(footer, std::string("2 locks"));
    }

    void patternsLimitTheScanAndLockPatternsAddLocks()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "app:one", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(LockFormats::redissonLock(*m_redis, "other:two", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"SET", "guard:x", "owner-1"}));
        QCOMPARE(listJson({"--pattern", "app:*"}).size(), 1);
        QCOMPARE(
            listJson({"--pattern", "app:*", "--pattern", "guard:*", "--lock-pattern", "guard:*"}).size(), 2);
    }

    void possibleLocksAreMarkedAndCanBeLeftOut()
    {
        QVERIFY(run({"SET", "order:1042", LockFormats::randomHex(32), "PX", "30000"}));
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::clientA, 9, 30000).ok());
        auto locks = listJson();
        QCOMPARE(locks.size(), 2);
        for (const auto& value : locks) {
            const QJsonObject lock = value.toObject();
            const bool possible = lock["name"].toString() == "order:1042";
            QCOMPARE(lock["possible"].toBool(), possible);
            if (possible)
                QVERIFY(lock["confidence"].toDouble() < 0.5);
        }
        QCOMPARE(listJson({"--no-possible"}).size(), 1);
        auto table = runCli({"--url", m_server->url(), "list"});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.find("token · node-redlock-compatible (possible)") != std::string::npos,
            table.out.c_str());
        QVERIFY(table.out.find("1 of them possible") != std::string::npos);
    }

    void listWorksOnAReadOnlyConnection()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "ro", LockFormats::clientA, 1, 30000).ok());
        auto result = runCli({"--url", m_server->url(), "--read-only", "list", "--json"});
        QCOMPARE(result.code, 0);
        QVERIFY(result.out.find("\"ro\"") != std::string::npos);
    }

    void anEmptyKeyspacePrintsAnEmptyArray()
    {
        auto result = runCli({"--url", m_server->url(), "list", "--json"});
        QCOMPARE(result.code, 0);
        QCOMPARE(result.out, std::string("[]\n"));
    }

    void aListingPacedToAShareOfTheServerFindsTheSameLocks()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "paced", LockFormats::clientA, 1, 30000).ok());
        QVERIFY(run({"EVAL", "for i = 1, 500 do redis.call('set', 'cache:' .. i, i) end", "0"}));
        const QJsonArray paced = listJson({"--max-server-load", "20%"});
        QCOMPARE(paced.size(), 1);
        QCOMPARE(paced.at(0).toObject()["name"].toString(), QString("paced"));
        QCOMPARE(paced.size(), listJson().size());
        auto refused = runCli({"--url", m_server->url(), "list", "--max-server-load", "0%"});
        QCOMPARE(refused.code, int(ExitUsage));
    }

    void unknownArgumentsAreUsageErrors()
    {
        auto result = runCli({"--url", m_server->url(), "list", "--bogus"});
        QCOMPARE(result.code, int(ExitUsage));
    }
};

QTEST_GUILESS_MAIN(tst_CliList)
#include "tst_CliList.moc"
