#pragma once

#include "app/GuiCommandLine.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace lockscope::ui {

class ConnectionController;
class ToolWindows;

// Readies a Tools window for `lockscope --screenshot FILE --screenshot-tool TOOL`: once the
// connection is up it opens the tool and gives it a short real run (a few seconds of stress
// test, or the first contention demo replayed to its verdict), then reports the window, so
// that the picture shows charts and a story with real data rather than an empty form.
class ToolScreenshot : public QObject
{
    Q_OBJECT

public:
    // How long the stress run lasts, and with how many clients.
    static constexpr int stressSeconds = 4;
    static constexpr int stressClients = 8;

    ToolScreenshot(ToolWindows& tools, ConnectionController& controller, GuiCommandLine::ScreenshotTool tool,
        QObject* parent = nullptr);

    // Starts at once if connected, otherwise as soon as the connection is.
    void start();
    // The tool's window once opened, else null.
    QWidget* window() const { return m_window; }

Q_SIGNALS:
    // The tool's window shows the run's result: grab it now.
    void ready(QWidget* window);
    void failed(const QString& reason);

private:
    void runTool();
    void runStress();
    void runDemo();

    ToolWindows& m_tools;
    ConnectionController& m_controller;
    GuiCommandLine::ScreenshotTool m_tool;
    QPointer<QWidget> m_window;
    bool m_started = false;
};

} // namespace lockscope::ui
