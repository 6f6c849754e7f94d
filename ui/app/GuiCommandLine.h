#pragma once

#include "redis/ConnectionOptions.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QStringList>

#include <optional>

namespace lockscope::ui {

// The command line of `lockscope`: the connection options it shares with lockscope-cli
// (--url, --user, --password-env, --tls-*, --read-only, timeouts) and the GUI's own
// (--screenshot, --screenshot-tool, --demo-locks, --profile). --url and --profile may be repeated to
// open several servers in one window. Without either the GUI reopens the servers it had, else uses its
// sandbox; the other connection options need --url (and apply to every --url). Help, version and usage errors
// are printed here.
class GuiCommandLine
{
    Q_DECLARE_TR_FUNCTIONS(GuiCommandLine)

public:
    std::optional<int> exitCode; // set when the process should end at once (help, errors)
    std::optional<ConnectionOptions> connection; // the server of the first --url, or none: the sandbox
    // Every --url (repeatable: a fleet in one window), as given and as options, in order.
    QStringList urls;
    QList<ConnectionOptions> connections;
    QStringList profiles; // --profile NAME (repeatable): saved connections to open
    std::optional<QString> screenshotPath;
    // --screenshot-tool: the Tools window to run briefly and save instead of the main window.
    enum class ScreenshotTool
    {
        None,
        Stress, // Tools › Stress Test, after a short run
        Demo, // Tools › Contention Demo, after a scenario, showing its verdict
    };
    ScreenshotTool screenshotTool = ScreenshotTool::None;
    bool sampleLocks = false; // --sample-locks: fill the sandbox with sample locks without asking

    // `arguments` with the program name first; `environment` supplies --password-env.
    static GuiCommandLine parse(const QStringList& arguments, const QProcessEnvironment& environment);
};

} // namespace lockscope::ui
