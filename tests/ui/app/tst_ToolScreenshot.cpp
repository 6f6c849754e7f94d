#include "app/MainWindow.h"
#include "app/ToolScreenshot.h"
#include "app/ToolWindows.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "tools/contention/ContentionDemoView.h"
#include "tools/contention/TimelinePlayer.h"
#include "tools/stress/StressPanel.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QBarSeries>
#include <QBarSet>
#include <QLineSeries>

using namespace lockscope;
using namespace lockscope::ui;

// What `lockscope --screenshot FILE --screenshot-tool stress|demo` waits for before the picture:
// the tool's window after a real run, showing its result.
class tst_ToolScreenshot : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    // Runs `tool` the way the screenshot does and returns the window it reported.
    QWidget* readyWindow(
        MainWindow& window, ConnectionController& controller, GuiCommandLine::ScreenshotTool tool)
    {
        auto* tools = window.findChild<ToolWindows*>();
        if (!tools)
            return nullptr;
        ToolScreenshot screenshot(*tools, controller, tool);
        QSignalSpy ready(&screenshot, &ToolScreenshot::ready);
        QSignalSpy failed(&screenshot, &ToolScreenshot::failed);
        screenshot.start();
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        if (!QTest::qWaitFor([&] { return !ready.isEmpty() || !failed.isEmpty(); }, 120000)
            || ready.isEmpty())
            return nullptr;
        return ready.first().first().value<QWidget*>();
    }

private Q_SLOTS:
    void theStressPanelIsReadyAfterAShortRunWithChartData()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        auto* panel = qobject_cast<StressPanel*>(
            readyWindow(window, controller, GuiCommandLine::ScreenshotTool::Stress));
        QVERIFY(panel);
        QVERIFY(panel->isVisible());
        QVERIFY(!panel->isRunning());
        QVERIFY(panel->lastResult());
        QVERIFY(panel->lastResult()->acquisitions > 0);
        QCOMPARE(panel->lastResult()->clients, ToolScreenshot::stressClients);
        QVERIFY(panel->throughputSeries()->count() > 0);
        QCOMPARE(panel->clientSeries()->barSets().first()->count(), ToolScreenshot::stressClients);
    }

    void theDemoIsReadyWithTheWholeReplayAndItsVerdict()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        auto* demo = qobject_cast<ContentionDemoView*>(
            readyWindow(window, controller, GuiCommandLine::ScreenshotTool::Demo));
        QVERIFY(demo);
        QVERIFY(demo->isVisible());
        QVERIFY(!demo->isRunning());
        QVERIFY(demo->outcome());
        QVERIFY(!demo->player().steps().empty());
        QCOMPARE(demo->player().shown(), int(demo->player().steps().size()));
    }
};

QTEST_MAIN(tst_ToolScreenshot)
#include "tst_ToolScreenshot.moc"
