#include "app/MainWindow.h"
#include "app/ToolWindows.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "tools/contention/ContentionDemoView.h"
#include "tools/stress/StressPanel.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>

using namespace lockscope;
using namespace lockscope::ui;

class tst_ToolWindows : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    static QAction* toolsAction(MainWindow& window, const char* name)
    {
        auto* menu = window.findChild<QMenu*>(QStringLiteral("toolsMenu"));
        if (!menu)
            return nullptr;
        for (QAction* action : menu->actions()) {
            if (action->objectName() == QLatin1String(name))
                return action;
        }
        return nullptr;
    }

private Q_SLOTS:
    void theToolsMenuComesBeforeHelp()
    {
        ConnectionController controller;
        MainWindow window(controller);
        auto* menu = window.findChild<QMenu*>(QStringLiteral("toolsMenu"));
        QVERIFY(menu);
        const auto menus = window.menuBar()->actions();
        QCOMPARE(menus.at(menus.size() - 2), menu->menuAction());
        QVERIFY(toolsAction(window, "stressAction"));
        QVERIFY(toolsAction(window, "demoAction"));
    }

    void thePanelsRunOnTheControllersConnection()
    {
        ConnectionController controller;
        MainWindow window(controller);
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        toolsAction(window, "stressAction")->trigger();
        toolsAction(window, "demoAction")->trigger();
        auto* panel = window.findChild<StressPanel*>();
        auto* demo = window.findChild<ContentionDemoView*>();
        QVERIFY(panel && demo);
        QVERIFY(panel->isWindow());
        QVERIFY(panel->findChild<QPushButton*>(QStringLiteral("startButton"))->isEnabled());
        QVERIFY(demo->findChild<QPushButton*>(QStringLiteral("runButton"))->isEnabled());
        const QString port = QString::number(m_server->port());
        QVERIFY(panel->findChild<QLabel*>(QStringLiteral("targetLabel"))->text().contains(port));

        controller.close();
        QVERIFY(!panel->findChild<QPushButton*>(QStringLiteral("startButton"))->isEnabled());
        QVERIFY(!demo->findChild<QPushButton*>(QStringLiteral("runButton"))->isEnabled());
    }
};

QTEST_MAIN(tst_ToolWindows)
#include "tst_ToolWindows.moc"
