#include "app/UiTranslations.h"
#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "support/LockFormats.h"
#include "support/RedisTestCase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sstream>

using namespace lockscope;
using test::LockFormats;

// The GUI translates what the core says; lockscope-cli does not. Even in a process that has the
// Chinese translation installed and a Chinese locale in its environment, the CLI prints the
// core's English and its JSON carries the same English as before.
class tst_CliStaysEnglish : public test::RedisTestCase
{
    Q_OBJECT

    struct Run
    {
        int code = -1;
        std::string out;
        std::string err;
    };

    static Run cli(const std::vector<std::string>& args)
    {
        std::ostringstream out;
        std::ostringstream err;
        Run run;
        run.code = CliRunner::run(args, {{"LANG", "zh_CN.UTF-8"}, {"LC_ALL", "zh_CN.UTF-8"}}, out, err);
        run.out = out.str();
        run.err = err.str();
        return run;
    }

    QJsonObject listedLock()
    {
        const Run run = cli({"--url", m_server->url(), "list", "--json"});
        if (run.code != ExitOk)
            qWarning("exit %d: %s", run.code, run.err.c_str());
        const QJsonArray locks = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).array();
        return locks.size() == 1 ? locks[0].toObject() : QJsonObject();
    }

private slots:
    void init()
    {
        QVERIFY(ui::UiTranslations::install(QLocale(QLocale::Chinese, QLocale::China)));
        QVERIFY(run({"FLUSHALL"}));
    }
    void cleanup() { ui::UiTranslations::install(QLocale(QLocale::English)); }

    void listJsonGivesTheRecognitionReasonInEnglish()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::uuidV4(), 9, 30000).ok());
        const QJsonObject lock = listedLock();
        QCOMPARE(lock["reason"].toString(),
            QStringLiteral("hash field <client-uuid>:<thread> holding a reentry count: Redisson RLock format "
                           "(LockScope's reentrant kind writes the same)"));
        QCOMPARE(lock["stuck_reason"].toString(), QString());
        QCOMPARE(lock["notes"].toArray(), QJsonArray());
    }

    void listJsonGivesStuckReasonsAndNotesInEnglish()
    {
        QVERIFY(run({"HSET", "payments", LockFormats::uuidV4() + ":7", "1"}));
        auto waiter = connection();
        QVERIFY(waiter->send({"SUBSCRIBE", "redisson_lock__channel:{payments}"}).ok());
        QVERIFY(waiter->readReply(std::chrono::milliseconds(5000)));
        const QJsonObject lock = listedLock();
        QCOMPARE(lock["stuck"].toBool(), true);
        QCOMPARE(lock["stuck_reason"].toString(),
            QStringLiteral("no TTL: Redisson always sets a lease, so nothing renews or frees this hold"));
        QCOMPARE(lock["notes"].toArray(),
            QJsonArray(
                {QStringLiteral("1 client(s) subscribed to the unlock channel (clients, not threads)")}));
    }

    void theDemoIsNarratedInEnglish()
    {
        const Run run = cli({"--url", m_server->url(), "demo", "getset-recovery"});
        QCOMPARE(run.code, int(ExitOk));
        QVERIFY2(run.out.starts_with(
                     "The SETNX + GETSET recovery of Redis's SETNX page (C4 and C5)\nexpected: exactly one "
                     "of C4 and C5 acquires the expired lock, staged and in a real race\n"),
            run.out.c_str());
        QVERIFY2(run.out.find("] C3      crashed holding the lock\n") != std::string::npos, run.out.c_str());
        QVERIFY2(run.out.find("] C4      sees the lock expired: tries GETSET\n") != std::string::npos,
            run.out.c_str());
        QVERIFY2(
            run.out.find("\noutcome: winners: 1 in the staged race, 1 in the real race: exactly one each "
                         "time\n")
                != std::string::npos,
            run.out.c_str());
    }

    void theLockKindsAreDescribedInEnglish()
    {
        const Run run = cli({"--help"});
        // The help wraps its lines: compare the words.
        const QString words = QString::fromStdString(run.out).simplified();
        QVERIFY2(
            words.contains("UNSAFE: SETNX, then DEL + SETNX of an expired lock; two clients can both hold it "
                           "(demo only)"),
            (run.out + run.err).c_str());
    }
};

QTEST_GUILESS_MAIN(tst_CliStaysEnglish)
#include "tst_CliStaysEnglish.moc"
