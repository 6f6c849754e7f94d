#include "identity/IdentifiedListing.h"
#include "support/RedisTestCase.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QtTest>

#include <memory>

using namespace lockscope;
using namespace std::chrono_literals;

// Real lock libraries (from npm: tests/core/identity/node/package.json, installed with `npm ci`
// into the build tree) hold locks on connections named by their own client option (ioredis
// `connectionName`) and renew them as they do; a listing with a command sample names that
// connection as the holder.
class tst_LibraryHolders : public test::RedisTestCase
{
    Q_OBJECT

    QString m_work = QStringLiteral(LOCKSCOPE_NODE_WORK);

    void initSuite() override
    {
        if (QStandardPaths::findExecutable("node").isEmpty()
            || QStandardPaths::findExecutable("npm").isEmpty())
            QSKIP("node and npm are not installed (packaging/setup-debian.sh installs them)");
        QDir().mkpath(m_work);
        for (const char* file : {"package.json", "package-lock.json"}) {
            const QString from = QStringLiteral(LOCKSCOPE_NODE_FIXTURES "/") + file;
            const QString to = m_work + "/" + file;
            QFile::remove(to);
            QVERIFY(QFile::copy(from, to));
        }
        if (QFile::exists(m_work + "/node_modules/redlock/package.json")
            && QFile::exists(m_work + "/node_modules/redis-semaphore/package.json"))
            return;
        QProcess npm;
        npm.setWorkingDirectory(m_work);
        npm.start("npm", {"ci", "--no-audit", "--no-fund"});
        if (!npm.waitForFinished(300000) || npm.exitCode() != 0)
            QSKIP(qPrintable("npm ci failed (no registry?): " + npm.readAllStandardError().right(400)));
    }

    // Starts `library` holding `lock` on a connection named `connectionName`; null if it did not.
    std::unique_ptr<QProcess> hold(const QString& library, const QString& lock, const QString& connectionName)
    {
        auto node = std::make_unique<QProcess>();
        auto environment = QProcessEnvironment::systemEnvironment();
        environment.insert("NODE_PATH", m_work + "/node_modules");
        node->setProcessEnvironment(environment);
        node->start("node",
            {QStringLiteral(LOCKSCOPE_NODE_FIXTURES "/holders.js"), QString::number(m_server->port()),
                library, lock, connectionName});
        while (node->waitForReadyRead(20000)) {
            if (node->readAllStandardOutput().contains("ready"))
                return node;
        }
        qWarning(
            "%s did not take its lock: %s", qPrintable(library), node->readAllStandardError().constData());
        node->kill();
        node->waitForFinished();
        return nullptr;
    }

    static void letGo(QProcess& node)
    {
        node.closeWriteChannel();
        if (!node.waitForFinished(10000))
            node.kill();
    }

    // The identity of the only holder of the only lock, after a sample of up to `duration`.
    HolderIdentification identify(const std::string& name, std::chrono::milliseconds duration)
    {
        SampleOptions sample;
        sample.duration = duration;
        auto listing = IdentifiedListing::list(options(), InspectOptions {}, sample);
        if (!listing)
            return {};
        for (const auto& lock : listing->result.locks) {
            if ((lock.shownName() == name || lock.name == name) && !lock.holders.empty())
                return lock.holders.front().identity.get();
        }
        return {};
    }

    // ioredis 5.4+ sends CLIENT SETINFO: a server that takes it lists the library.
    bool serverTakesSetInfo()
    {
        auto probe = connection();
        return probe->command({"CLIENT", "SETINFO", "LIB-NAME", "probe"}).ok();
    }

private slots:
    void init() { QVERIFY(run({"FLUSHALL"})); }

    void aNodeRedlockLockWithAutomaticExtensionNamesItsIoredisConnection()
    {
        auto node = hold("redlock", "orders:settle", "orders-service");
        QVERIFY(node);
        // The lease is 3 s and extended 2 s before it ends: within one lease the sample sees it.
        const HolderIdentification who = identify("orders:settle", 10s);
        letGo(*node);
        QCOMPARE(who.source, IdentitySource::Sample);
        QCOMPARE(who.name, std::string("orders-service"));
        QVERIFY(who.addr.starts_with("127.0.0.1:"));
        if (serverTakesSetInfo())
            QCOMPARE(who.libName, std::string("ioredis"));
        else
            QCOMPARE(who.libName, std::string());
    }

    void aRedisSemaphorePermitRefreshedByItsHolderNamesItsConnection()
    {
        auto node = hold("semaphore", "reports", "report-builder");
        QVERIFY(node);
        const HolderIdentification who = identify("reports", 10s);
        letGo(*node);
        QCOMPARE(who.source, IdentitySource::Sample);
        QCOMPARE(who.name, std::string("report-builder"));
    }
};

QTEST_GUILESS_MAIN(tst_LibraryHolders)
#include "tst_LibraryHolders.moc"
