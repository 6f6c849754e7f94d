#pragma once

#include "app/GuiCommandLine.h"

#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace lockscope {
class RedisServerProcess;
}

namespace lockscope::ui {

class ConnectionController;
class MainWindow;
class UnixSignalWatcher;

// What `lockscope` does between QApplication and the event loop: reads the command line,
// opens the last used connection profile, or starts the sandbox redis-server when no server
// is given and no profile was used last, opens the main window, and makes
// SIGTERM/SIGINT quit cleanly. Its destructor closes the window, stops the worker thread and
// then the sandbox, in that order.
//
// The sandbox is started by the thread that calls start(): the server dies with that thread
// (PR_SET_PDEATHSIG), so call it on the main thread.
class GuiStartup : public QObject
{
    Q_OBJECT

public:
    explicit GuiStartup(QObject* parent = nullptr);
    ~GuiStartup() override;

    // `arguments` as QCoreApplication::arguments() gives them (program name first). Returns an
    // exit code when the process should end without an event loop (--help, --version, a
    // usage error), or nothing when the window is up and the event loop should run.
    std::optional<int> start(const QStringList& arguments,
        const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());

    // --help and --version, and usage errors, answered before any QApplication exists, so that
    // they work without a display. Returns the exit code, or nothing when the GUI should start.
    static std::optional<int> answerWithoutDisplay(int argc, char* argv[]);

    MainWindow* window() const { return m_window.get(); }
    ConnectionController* controller() const { return m_controller.get(); }
    RedisServerProcess* sandbox() const { return m_sandbox.get(); }

private:
    // Starts the sandbox unless it runs, offers it in the window; returns its URL.
    std::optional<QString> startSandbox(QString* error, bool sampleLocksWithoutAsking);
    void quitOnSignal(int signalNumber);
    void scheduleScreenshot(const QString& path);
    void scheduleDemoScreenshot(const QString& path);
    void scheduleToolScreenshot(const QString& path, GuiCommandLine::ScreenshotTool tool);
    // Saves `window` (the main window when null) and quits.
    void saveScreenshot(const QString& path, QWidget* window = nullptr);

    std::unique_ptr<RedisServerProcess> m_sandbox;
    std::unique_ptr<ConnectionController> m_controller;
    std::unique_ptr<MainWindow> m_window;
    UnixSignalWatcher* m_signalWatcher = nullptr;
    bool m_screenshotTaken = false;
};

} // namespace lockscope::ui
