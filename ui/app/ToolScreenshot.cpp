#include "app/ToolScreenshot.h"

#include "app/ToolWindows.h"
#include "connection/ConnectionController.h"
#include "tools/contention/ContentionDemoView.h"
#include "tools/stress/StressPanel.h"

#include <QLabel>
#include <QTimer>

namespace lockscope::ui {

namespace {

// Time for the charts and labels to take the final result before the picture.
constexpr int settleMs = 700;

} // namespace

ToolScreenshot::ToolScreenshot(ToolWindows& tools, ConnectionController& controller,
    GuiCommandLine::ScreenshotTool tool, QObject* parent)
    : QObject(parent)
    , m_tools(tools)
    , m_controller(controller)
    , m_tool(tool)
{
}

void ToolScreenshot::start()
{
    if (m_controller.status().state == ConnectionStatus::State::Connected) {
        runTool();
        return;
    }
    connect(
        &m_controller, &ConnectionController::statusChanged, this, [this](const ConnectionStatus& status) {
            if (status.state == ConnectionStatus::State::Connected)
                runTool();
        });
}

void ToolScreenshot::runTool()
{
    if (m_started)
        return;
    m_started = true;
    if (m_tool == GuiCommandLine::ScreenshotTool::Stress)
        runStress();
    else if (m_tool == GuiCommandLine::ScreenshotTool::Demo)
        runDemo();
    else
        Q_EMIT failed(tr("no tool to run"));
}

void ToolScreenshot::runStress()
{
    StressPanel* panel = m_tools.showStressPanel();
    m_window = panel;
    panel->setRunSize(stressClients, stressSeconds);
    connect(panel, &StressPanel::runFinished, this,
        [this, panel] { QTimer::singleShot(settleMs, this, [this, panel] { Q_EMIT ready(panel); }); });
    panel->start();
    if (!panel->isRunning()) {
        auto* state = panel->findChild<QLabel*>(QStringLiteral("stateLabel"));
        Q_EMIT failed(tr("the stress test did not start: %1").arg(state ? state->text() : QString()));
    }
}

void ToolScreenshot::runDemo()
{
    ContentionDemoView* view = m_tools.showDemoView();
    m_window = view;
    connect(view, &ContentionDemoView::runFinished, this, [this, view] {
        // The whole replay at once: the stage's final picture and the verdict.
        view->showEnd();
        QTimer::singleShot(settleMs, this, [this, view] { Q_EMIT ready(view); });
    });
    view->run();
    if (!view->isRunning())
        Q_EMIT failed(tr("the contention demo did not start"));
}

} // namespace lockscope::ui
