#include "app/MainWindow.h"
#include "base/ElidedLabel.h"
#include "connection/ConnectionController.h"
#include "fleetview/Fleet.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QLabel>
#include <QScreen>
#include <QTemporaryDir>

using namespace lockscope;
using namespace lockscope::ui;

// The main window on a 1280x720 screen: whatever it shows (nothing, a server, a long error in the
// status bar, a fleet of servers), it never asks for more room than the screen has, and a long
// status text is elided with the whole of it in the tooltip.
class tst_WindowFitsTheScreen : public QObject
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;
    static constexpr QSize screen {1280, 720};

    static void verifyFits(MainWindow& window, const char* state)
    {
        QCoreApplication::processEvents();
        const QSize needed = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(needed.width() <= screen.width() && needed.height() <= screen.height(),
            qPrintable(QStringLiteral("%1: needs %2x%3")
                           .arg(QLatin1String(state))
                           .arg(needed.width())
                           .arg(needed.height())));
        QVERIFY2(window.frameGeometry().width() <= screen.width()
                && window.frameGeometry().height() <= screen.height(),
            qPrintable(QStringLiteral("%1: %2x%3")
                           .arg(QLatin1String(state))
                           .arg(window.frameGeometry().width())
                           .arg(window.frameGeometry().height())));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCOMPARE(QGuiApplication::primaryScreen()->size(), screen); // see main()
    }

    void fitsInEveryState()
    {
        auto first = test::startServer();
        auto second = test::startServer();
        auto third = test::startServer();
        QVERIFY(first && second && third);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The whole screen, frame included.
        window.resize(screen - (window.frameGeometry().size() - window.size()));
        verifyFits(window, "nothing open");
        if (QTest::currentTestFailed())
            return;

        window.addServer(QString::fromStdString(first->url()));
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        verifyFits(window, "one server");
        if (QTest::currentTestFailed())
            return;

        QString error;
        for (int i = 0; i < 30; ++i)
            error += QStringLiteral("connection refused by 10.20.30.%1:6379, ").arg(i);
        window.showStartupError(error);
        auto* status = window.findChild<ElidedLabel*>(QStringLiteral("statusConnection"));
        QVERIFY(status);
        QVERIFY(status->text().contains(error));
        QVERIFY(status->isElided());
        QVERIFY(status->toolTip().contains(error));
        verifyFits(window, "a long error");
        if (QTest::currentTestFailed())
            return;

        window.addServer(QString::fromStdString(second->url()));
        window.addServer(QString::fromStdString(third->url()));
        QCOMPARE(window.fleet().servers().size(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(window.fleet().openCount(), 3, 5000);
        verifyFits(window, "a fleet");
        if (QTest::currentTestFailed())
            return;

        third->kill(); // a fleet with an unreachable server and its reason
        QTest::qWait(1500);
        verifyFits(window, "a fleet with an unreachable server");
        if (QTest::currentTestFailed())
            return;
    }
};

// The offscreen platform with one screen of 1280x720 (its configuration file).
int main(int argc, char* argv[])
{
    QTemporaryDir directory;
    const QString config = directory.filePath(QStringLiteral("screen.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1280, "height": 720,
                   "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", QStringLiteral("offscreen:configfile=%1").arg(config).toLocal8Bit());
    QApplication application(argc, argv);
    tst_WindowFitsTheScreen test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_WindowFitsTheScreen.moc"
