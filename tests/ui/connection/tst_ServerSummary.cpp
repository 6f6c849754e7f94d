#include "connection/ConnectionWorker.h"
#include "connection/ServerSummary.h"

#include <QtTest>

using namespace lockscope::ui;
using Mode = ServerSummary::LiveUpdateMode;
using namespace std::chrono_literals;

Q_DECLARE_METATYPE(ServerSummary::LiveUpdateMode)

class tst_ServerSummary : public QObject
{
    Q_OBJECT

private slots:
    void classifiesKeyspaceNotificationFlags_data()
    {
        QTest::addColumn<QString>("flags");
        QTest::addColumn<bool>("known");
        QTest::addColumn<Mode>("mode");
        QTest::newRow("sandbox default KEA") << "KEA" << true << Mode::Notifications;
        QTest::newRow("as Redis reports it, AKE") << "AKE" << true << Mode::Notifications;
        QTest::newRow("keyevent with every class a lock needs") << "Eg$hzx" << true << Mode::Notifications;
        QTest::newRow("expiries only") << "Kx" << true << Mode::PartialNotifications;
        QTest::newRow("no hash events (Redisson locks are hashes)")
            << "Kg$zx" << true << Mode::PartialNotifications;
        QTest::newRow("classes without a channel publish nothing") << "A" << true << Mode::Polling;
        QTest::newRow("off") << "" << true << Mode::Polling;
        QTest::newRow("CONFIG GET refused") << "" << false << Mode::Unknown;
    }

    void classifiesKeyspaceNotificationFlags()
    {
        QFETCH(QString, flags);
        QFETCH(bool, known);
        QFETCH(Mode, mode);
        QCOMPARE(ServerSummary::liveUpdateModeFor(flags, known), mode);
    }

    void retriesQuicklyAtFirstThenEveryFewSeconds()
    {
        QCOMPARE(ConnectionWorker::retryDelay(1), 500ms);
        QCOMPARE(ConnectionWorker::retryDelay(2), 1000ms);
        QCOMPARE(ConnectionWorker::retryDelay(3), 2000ms);
        QCOMPARE(ConnectionWorker::retryDelay(4), 4000ms);
        QCOMPARE(ConnectionWorker::retryDelay(5), 5000ms);
        QCOMPARE(ConnectionWorker::retryDelay(50), 5000ms);
    }
};

QTEST_GUILESS_MAIN(tst_ServerSummary)
#include "tst_ServerSummary.moc"
