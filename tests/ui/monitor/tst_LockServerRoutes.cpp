#include "monitor/LockMonitorController.h"
#include "monitor/LockServerRoutes.h"

#include <QtTest>

using namespace lockscope::ui;

// Where the actions on a lock go when the monitor's table holds several open servers: to the
// lock's own server's monitor, judged by that server's connection and production mark.
class tst_LockServerRoutes : public QObject
{
    Q_OBJECT

private slots:
    void aLockGoesToTheMonitorOfItsOwnServer()
    {
        LockMonitorController first;
        LockMonitorController second;
        second.setServer(2);
        LockServerRoutes routes;
        routes.add(first);
        routes.add(second);
        QCOMPARE(routes.of(0).monitor, &first);
        QCOMPARE(routes.of(2).monitor, &second);
        QCOMPARE(routes.of(1).monitor, nullptr);
    }

    void eachServerKeepsItsOwnConnectionAndProductionMark()
    {
        LockMonitorController first;
        LockMonitorController second;
        second.setServer(1);
        LockServerRoutes routes;
        routes.add(first);
        routes.add(second);
        ConnectionStatus readOnly;
        readOnly.readOnly = true;
        routes.setConnection(1, readOnly);
        routes.setProduction(0, true);
        QVERIFY(routes.of(1).connection.readOnly);
        QVERIFY(!routes.of(0).connection.readOnly);
        QVERIFY(routes.of(0).production);
        QVERIFY(!routes.of(1).production);
    }

    void aRemovedServersLocksGoNowhere()
    {
        LockMonitorController second;
        second.setServer(3);
        LockServerRoutes routes;
        routes.add(second);
        routes.setProduction(3, true);
        QCOMPARE(routes.remove(3), &second);
        QCOMPARE(routes.of(3).monitor, nullptr);
        QVERIFY(!routes.of(3).production);
        QCOMPARE(routes.remove(3), nullptr);
    }

    void everyMonitorSortsItsListingsInTheTablesOrderEvenOneAddedLater()
    {
        LockMonitorController first;
        LockMonitorController later;
        later.setServer(1);
        LockServerRoutes routes;
        routes.add(first);
        routes.setListingOrder(3, Qt::DescendingOrder);
        QCOMPARE(first.listingOrder(), std::make_pair(3, Qt::DescendingOrder));
        routes.add(later);
        QCOMPARE(later.listingOrder(), std::make_pair(3, Qt::DescendingOrder));
    }
};

QTEST_MAIN(tst_LockServerRoutes)
#include "tst_LockServerRoutes.moc"
