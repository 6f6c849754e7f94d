#include "app/GuiStartup.h"

#include "app/ApplicationIdentity.h"
#include "app/GuiCommandLine.h"
#include "app/MainWindow.h"
#include "app/MainWindowSettings.h"
#include "app/ToolScreenshot.h"
#include "app/ToolWindows.h"
#include "app/UnixSignalWatcher.h"
#include "base/ColorSchemePalette.h"
#include "base/GuiConnectionDefaults.h"
#include "common/LargeBlockRelease.h"
#include "connection/ConnectionController.h"
#include "fleetview/Fleet.h"
#include "monitor/LockMonitorView.h"
#include "profiles/ConnectionProfileStore.h"
#include "profiles/ProfileConnector.h"
#include "redis/RedisUrl.h"
#include "samplelocks/SampleLocksController.h"
#include "sandbox/RedisServerProcess.h"

#include <QApplication>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <cstdio>

namespace lockscope::ui {

namespace {

// sysexits.h, as the CLI uses them.
constexpr int exitUsage = 64;
constexpr int exitCannotCreate = 73;

// How long the window may take to show real data before a screenshot is taken anyway.
constexpr int screenshotDeadlineMs = 20000;
// Time for the layout to settle after the first summary arrived.
constexpr int screenshotSettleMs = 700;
constexpr int fleetScreenshotSettleMs = 3000;
// Time for the monitor to show freshly seeded sample locks (one notification batch or more).
constexpr int demoSettleMs = 1500;
// A tool's run (a few seconds of stress test, or a demo scenario) on a busy machine.
constexpr int toolScreenshotDeadlineMs = 120000;

void printLine(FILE* stream, const QString& text)
{
    std::fputs(qPrintable(text), stream);
    std::fputc('\n', stream);
    std::fflush(stream);
}

} // namespace

GuiStartup::GuiStartup(QObject* parent)
    : QObject(parent)
{
}

GuiStartup::~GuiStartup()
{
    m_window.reset();
    m_controller.reset();
    m_sandbox.reset();
}

std::optional<int> GuiStartup::answerWithoutDisplay(int argc, char* argv[])
{
    QCoreApplication application(argc, argv);
    ApplicationIdentity::apply();
    return GuiCommandLine::parse(QCoreApplication::arguments(), QProcessEnvironment::systemEnvironment())
        .exitCode;
}

std::optional<int> GuiStartup::start(const QStringList& arguments, const QProcessEnvironment& environment)
{
    const GuiCommandLine commandLine = GuiCommandLine::parse(arguments, environment);
    if (commandLine.exitCode)
        return commandLine.exitCode;
    // --profile names saved connections: each must exist before anything opens.
    QStringList profileIds;
    const QList<ConnectionProfile> saved = ConnectionProfileStore().profiles();
    for (const QString& name : commandLine.profiles) {
        const auto found = std::find_if(saved.begin(), saved.end(),
            [&name](const ConnectionProfile& profile) { return profile.name == name; });
        if (found == saved.end()) {
            printLine(stderr, tr("lockscope: there is no saved connection named '%1'").arg(name));
            return exitUsage;
        }
        profileIds.append(found->id);
    }

    // A server that goes away mid-write must cost an error, never the process (TLS writes go
    // through OpenSSL, which cannot ask for MSG_NOSIGNAL).
    std::signal(SIGPIPE, SIG_IGN);
    LargeBlockRelease::enable(); // the monitor's large scratch goes back to the system
    m_signalWatcher = new UnixSignalWatcher({SIGTERM, SIGINT, SIGHUP}, this);
    connect(m_signalWatcher, &UnixSignalWatcher::signalReceived, this, &GuiStartup::quitOnSignal);

    ColorSchemePalette::install();
    m_controller = std::make_unique<ConnectionController>();
    m_window = std::make_unique<MainWindow>(*m_controller);

    ProfileConnector* connections = m_window->connections();
    // The sandbox stays one choice away (File › Connections…) whatever was opened first.
    const bool sampleLocks = commandLine.sampleLocks;
    connections->setSandboxStarter(
        [this, sampleLocks](QString* error) { return startSandbox(error, sampleLocks); });
    m_window->sandboxAction()->setVisible(true);
    QString sandboxError;
    Fleet& fleet = m_window->fleet();
    const QStringList savedFleet = MainWindowSettings::savedFleet();
    if (!commandLine.connections.isEmpty() || !profileIds.isEmpty()) {
        for (qsizetype i = 0; i < commandLine.connections.size(); ++i)
            fleet.openUrl(commandLine.connections[i], commandLine.urls[i]);
        for (const QString& id : std::as_const(profileIds))
            fleet.openProfile(id);
    } else if (!sampleLocks && !savedFleet.isEmpty()) {
        // The servers the window had when it last closed (the sandbox started again if it was one).
        if (savedFleet.contains(QStringLiteral("sandbox")))
            startSandbox(&sandboxError, false);
        for (const QString& problem : fleet.openEntries(savedFleet))
            printLine(stderr, tr("lockscope: %1").arg(problem));
    } else if (sampleLocks || !connections->connectLastUsed()) { // --sample-locks means the sandbox
        if (startSandbox(&sandboxError, sampleLocks))
            connections->connectSandbox();
    }

    m_window->show();
    if (!sandboxError.isEmpty()) {
        printLine(stderr, tr("lockscope: cannot start the sandbox: %1").arg(sandboxError));
        m_window->showStartupError(tr("Cannot start the sandbox redis-server: %1\nUse File › Connections… "
                                      "to open another server.")
                                       .arg(sandboxError));
    }
    if (commandLine.screenshotPath) {
        if (commandLine.screenshotTool != GuiCommandLine::ScreenshotTool::None)
            scheduleToolScreenshot(*commandLine.screenshotPath, commandLine.screenshotTool);
        else if (commandLine.sampleLocks && m_sandbox)
            scheduleDemoScreenshot(*commandLine.screenshotPath);
        else
            scheduleScreenshot(*commandLine.screenshotPath);
    }
    return std::nullopt;
}

std::optional<QString> GuiStartup::startSandbox(QString* error, bool sampleLocksWithoutAsking)
{
    if (m_sandbox)
        return QString::fromStdString(m_sandbox->url());
    auto sandbox = RedisServerProcess::startSandbox();
    if (!sandbox) {
        *error = QString::fromStdString(sandbox.error().message);
        return std::nullopt;
    }
    auto sandboxOptions = parseRedisUrl(sandbox.value()->url(), GuiConnectionDefaults::options());
    if (!sandboxOptions) {
        *error = QString::fromStdString(sandboxOptions.error().message);
        return std::nullopt;
    }
    m_sandbox = std::move(sandbox.value());
    const QString url = QString::fromStdString(m_sandbox->url());
    printLine(stderr, tr("lockscope: sandbox redis-server at %1 (pid %2)").arg(url).arg(m_sandbox->pid()));
    m_window->offerSandbox(url);
    m_window->offerSampleLocks(*sandboxOptions, sampleLocksWithoutAsking);
    return url;
}

void GuiStartup::quitOnSignal(int signalNumber)
{
    printLine(stderr, tr("lockscope: signal %1 received, quitting").arg(signalNumber));
    if (m_window)
        m_window->close(); // saves the window state
    QCoreApplication::quit();
}

void GuiStartup::scheduleScreenshot(const QString& path)
{
    auto takeSoon = [this, path] {
        // Several servers: time for the others to list their locks as well.
        const int settle
            = m_window->fleet().servers().size() > 1 ? fleetScreenshotSettleMs : screenshotSettleMs;
        QTimer::singleShot(settle, this, [this, path] { saveScreenshot(path); });
    };
    connect(m_controller.get(), &ConnectionController::summaryRefreshed, this, takeSoon,
        Qt::SingleShotConnection);
    connect(m_controller.get(), &ConnectionController::statusChanged, this,
        [takeSoon](const ConnectionStatus& status) {
            if (status.state == ConnectionStatus::State::Unreachable)
                takeSoon();
        });
    if (!m_controller->isOpen())
        takeSoon();
    QTimer::singleShot(screenshotDeadlineMs, this, [this, path] { saveScreenshot(path); });
}

void GuiStartup::scheduleDemoScreenshot(const QString& path)
{
    // Waits for the sample locks, then for the monitor to show them, selects the first one so that
    // the detail pane has something to show, and lets its keys arrive.
    auto* demo = m_window->findChild<SampleLocksController*>();
    if (!demo) {
        scheduleScreenshot(path);
        return;
    }
    connect(demo, &SampleLocksController::seeded, this, [this, path] {
        QTimer::singleShot(demoSettleMs, this, [this, path] {
            // The stuck fair lock shows the most: holders, a dead waiter, its keys.
            QTableView* table = m_window->monitorView()->table();
            const QModelIndexList stuck = table->model()->match(table->model()->index(0, 0), Qt::DisplayRole,
                QStringLiteral("report:nightly"), 1, Qt::MatchExactly);
            if (!stuck.isEmpty())
                table->selectRow(stuck.first().row());
            else if (table->model()->rowCount() > 0)
                table->selectRow(0);
            QTimer::singleShot(screenshotSettleMs, this, [this, path] { saveScreenshot(path); });
        });
    });
    connect(demo, &SampleLocksController::failed, this, [this, path] { saveScreenshot(path); });
    QTimer::singleShot(screenshotDeadlineMs, this, [this, path] { saveScreenshot(path); });
}

void GuiStartup::scheduleToolScreenshot(const QString& path, GuiCommandLine::ScreenshotTool tool)
{
    auto* tools = m_window->findChild<ToolWindows*>();
    if (!tools) {
        scheduleScreenshot(path);
        return;
    }
    auto* screenshot = new ToolScreenshot(*tools, *m_controller, tool, this);
    connect(screenshot, &ToolScreenshot::ready, this,
        [this, path](QWidget* window) { saveScreenshot(path, window); });
    connect(screenshot, &ToolScreenshot::failed, this, [this](const QString& reason) {
        printLine(stderr, tr("lockscope: no screenshot: %1").arg(reason));
        m_screenshotTaken = true;
        QCoreApplication::exit(exitCannotCreate);
    });
    screenshot->start();
    // A run that never ends still leaves a picture (of whatever the tool shows by then).
    QTimer::singleShot(toolScreenshotDeadlineMs, this,
        [this, path, screenshot] { saveScreenshot(path, screenshot->window()); });
}

void GuiStartup::saveScreenshot(const QString& path, QWidget* window)
{
    if (m_screenshotTaken || !m_window)
        return;
    m_screenshotTaken = true;
    if (!window)
        window = m_window.get();
    if (!window->grab().save(path, "PNG")) {
        printLine(stderr, tr("lockscope: cannot write the screenshot to %1").arg(path));
        QCoreApplication::exit(exitCannotCreate);
        return;
    }
    printLine(stderr, tr("lockscope: screenshot saved to %1").arg(path));
    QCoreApplication::exit(0);
}

} // namespace lockscope::ui
