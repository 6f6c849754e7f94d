#include "cli/CliRunner.h"
#include "support/ClusterTestSetup.h"

#include <QtTest>

#include <sstream>

using namespace lockscope;

class tst_CliClusterPing : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::ClusterTestSetup> m_cluster;

    int runCli(const std::vector<std::string>& args, QString& out, QString& err)
    {
        std::ostringstream outStream;
        std::ostringstream errStream;
        const int code = CliRunner::run(args, {}, outStream, errStream);
        out = QString::fromStdString(outStream.str());
        err = QString::fromStdString(errStream.str());
        return code;
    }

private slots:
    void initTestCase()
    {
        auto cluster = test::ClusterTestSetup::start(3);
        QVERIFY2(cluster.ok(), cluster.ok() ? "" : cluster.error().toString().c_str());
        m_cluster = std::move(cluster.value());
    }

    void cleanupTestCase() { m_cluster.reset(); }

    void showsTheClusterWithEachMasterAndItsSlotCount()
    {
        QString out;
        QString err;
        const int code = runCli({"--url", m_cluster->server(1).url(), "ping"}, out, err);
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY2(out.contains("role:       master"), qPrintable(out));
        QVERIFY2(out.contains("topology:   cluster with 3 masters\n"), qPrintable(out));
        int total = 0;
        for (size_t i = 0; i < m_cluster->size(); ++i) {
            auto owned = m_cluster->slotCountOf(i);
            QVERIFY(owned.ok());
            QVERIFY(*owned > 5000);
            total += *owned;
            const QString line = QString("  master    %1 (%2 slots)\n")
                                     .arg(QString::fromStdString(m_cluster->node(i).toString()))
                                     .arg(*owned);
            QVERIFY2(out.contains(line), qPrintable(out + "\nmissing: " + line));
        }
        QCOMPARE(total, 16384);
    }

    void countsTheSlotsOfAMasterAfterOneMigrated()
    {
        const uint16_t slot = clusterKeySlot("cli-migrated");
        auto from = m_cluster->ownerOf(slot);
        QVERIFY(from.ok());
        const size_t to = (*from + 1) % m_cluster->size();
        auto before = m_cluster->slotCountOf(to);
        QVERIFY(before.ok());
        QVERIFY(m_cluster->migrateSlot(slot, to).ok());

        QString out;
        QString err;
        QCOMPARE(runCli({"--url", m_cluster->server(0).url(), "ping"}, out, err), 0);
        const QString line = QString("  master    %1 (%2 slots)\n")
                                 .arg(QString::fromStdString(m_cluster->node(to).toString()))
                                 .arg(*before + 1);
        QVERIFY2(out.contains(line), qPrintable(out + "\nmissing: " + line));
        QVERIFY(out.contains("topology:   cluster with 3 masters\n"));
    }
};

QTEST_GUILESS_MAIN(tst_CliClusterPing)
#include "tst_CliClusterPing.moc"
