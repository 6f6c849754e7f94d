#include "support/CliRun.h"
#include "support/deployments/ClusterTestCase.h"

#include <QtTest>

using namespace lockscope;
using test::runCli;

class tst_CliClusterPing : public test::ClusterTestCase
{
    Q_OBJECT

private slots:
    void showsTheClusterWithEachMasterAndItsSlotCount()
    {
        const auto run = runCli({"--url", m_cluster->server(1).url(), "ping"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains("role:       master"), qPrintable(run.out));
        QVERIFY2(run.out.contains("topology:   cluster with 3 masters\n"), qPrintable(run.out));
        int total = 0;
        for (size_t i = 0; i < m_cluster->size(); ++i) {
            auto owned = m_cluster->slotCountOf(i);
            QVERIFY(owned.ok());
            QVERIFY(*owned > 5000);
            total += *owned;
            const QString line = QString("  master    %1 (%2 slots)\n")
                                     .arg(QString::fromStdString(m_cluster->node(i).toString()))
                                     .arg(*owned);
            QVERIFY2(run.out.contains(line), qPrintable(run.out + "\nmissing: " + line));
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

        const auto run = runCli({"--url", m_cluster->server(0).url(), "ping"});
        QCOMPARE(run.code, 0);
        const QString line = QString("  master    %1 (%2 slots)\n")
                                 .arg(QString::fromStdString(m_cluster->node(to).toString()))
                                 .arg(*before + 1);
        QVERIFY2(run.out.contains(line), qPrintable(run.out + "\nmissing: " + line));
        QVERIFY(run.out.contains("topology:   cluster with 3 masters\n"));
    }
};

QTEST_GUILESS_MAIN(tst_CliClusterPing)
#include "tst_CliClusterPing.moc"
