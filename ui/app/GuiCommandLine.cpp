#include "app/GuiCommandLine.h"

#include "base/CoreTexts.h"
#include "base/GuiConnectionDefaults.h"
#include "profiles/ConnectionProfileStore.h"
#include "redis/ConnectionFlags.h"

#include <QCommandLineParser>

#include <cstdio>

namespace lockscope::ui {

namespace {

// sysexits.h, as the CLI uses them.
constexpr int exitUsage = 64;

void printLine(FILE* stream, const QString& text)
{
    std::fputs(qPrintable(text), stream);
    std::fputc('\n', stream);
    std::fflush(stream);
}

} // namespace

GuiCommandLine GuiCommandLine::parse(const QStringList& arguments, const QProcessEnvironment& environment)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Monitor and administer Redis distributed locks.\n"
           "Without --url, LockScope starts a private sandbox redis-server and connects to it."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption url(QStringLiteral("url"),
        tr("Connect to the Redis server at URL (redis://, rediss://, unix://, redis+sentinel://) instead of "
           "starting the sandbox. Repeat it to open several servers in one window."),
        tr("URL"));
    const QCommandLineOption profile(QStringLiteral("profile"),
        tr("Open the saved connection NAME (File › Connections…). Repeatable, and may be used with --url."),
        tr("NAME"));
    const QCommandLineOption user(
        QStringLiteral("user"), tr("ACL user name (overrides the URL's)."), tr("USER"));
    const QCommandLineOption passwordEnv(QStringLiteral("password-env"),
        tr("Take the password from the environment variable VAR (never from the command line)."), tr("VAR"));
    const QCommandLineOption tlsCa(
        QStringLiteral("tls-ca"), tr("Trust the CA certificates in FILE (rediss:// only)."), tr("FILE"));
    const QCommandLineOption tlsCert(
        QStringLiteral("tls-cert"), tr("Client certificate (with --tls-key)."), tr("FILE"));
    const QCommandLineOption tlsKey(QStringLiteral("tls-key"), tr("Client certificate key."), tr("FILE"));
    const QCommandLineOption tlsServerName(
        QStringLiteral("tls-server-name"), tr("Name to verify in the server's certificate."), tr("NAME"));
    const QCommandLineOption tlsInsecure(
        QStringLiteral("tls-insecure"), tr("Do not verify the server's certificate (unsafe)."));
    const QCommandLineOption readOnly(
        QStringLiteral("read-only"), tr("Refuse every command that could write (no admin actions)."));
    const QCommandLineOption connectTimeout(
        QStringLiteral("connect-timeout"), tr("Connect timeout in milliseconds."), tr("MS"));
    const QCommandLineOption commandTimeout(
        QStringLiteral("timeout"), tr("Command timeout in milliseconds."), tr("MS"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        tr("Save a PNG of the window to FILE once it shows the server, then quit."), tr("FILE"));
    const QCommandLineOption screenshotTool(QStringLiteral("screenshot-tool"),
        tr("With --screenshot: run Tools › TOOL briefly (stress: a short stress test, demo: the first "
           "contention demo) and save its window instead of the main window."),
        tr("TOOL"));
    // --demo-locks: the name of earlier versions, still understood.
    const QCommandLineOption sampleLocks(
        QStringList {QStringLiteral("sample-locks"), QStringLiteral("demo-locks")},
        tr("Fill the sandbox with sample locks of every kind without asking (sandbox only)."));
    // The shell completions (packaging/completions) offer the saved profiles' names from here, one
    // a line: the profile store is the GUI's. Not for people, so not in --help.
    QCommandLineOption listProfiles(QStringLiteral("list-profiles"));
    listProfiles.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({url, profile, user, passwordEnv, tlsCa, tlsCert, tlsKey, tlsServerName, tlsInsecure,
        readOnly, connectTimeout, commandTimeout, screenshot, screenshotTool, sampleLocks, listProfiles});

    GuiCommandLine commandLine;
    auto fail = [&commandLine](const QString& message) {
        printLine(stderr, tr("lockscope: %1").arg(message));
        printLine(stderr, tr("Try 'lockscope --help'."));
        commandLine.exitCode = exitUsage;
        return commandLine;
    };
    if (!parser.parse(arguments))
        return fail(parser.errorText());
    if (parser.isSet(help)) {
        printLine(stdout, parser.helpText());
        commandLine.exitCode = 0;
        return commandLine;
    }
    if (parser.isSet(version)) {
        printLine(stdout, QStringLiteral("lockscope %1").arg(QCoreApplication::applicationVersion()));
        commandLine.exitCode = 0;
        return commandLine;
    }
    if (parser.isSet(listProfiles)) {
        for (const ConnectionProfile& profile : ConnectionProfileStore().profiles())
            printLine(stdout, profile.name);
        commandLine.exitCode = 0;
        return commandLine;
    }
    if (!parser.positionalArguments().isEmpty())
        return fail(tr("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    if (parser.isSet(screenshot))
        commandLine.screenshotPath = parser.value(screenshot);
    if (parser.isSet(screenshotTool)) {
        const QString tool = parser.value(screenshotTool);
        if (!parser.isSet(screenshot))
            return fail(tr("--screenshot-tool needs --screenshot FILE"));
        if (tool == QLatin1String("stress"))
            commandLine.screenshotTool = ScreenshotTool::Stress;
        else if (tool == QLatin1String("demo"))
            commandLine.screenshotTool = ScreenshotTool::Demo;
        else
            return fail(tr("--screenshot-tool expects stress or demo, got '%1'").arg(tool));
    }
    commandLine.sampleLocks = parser.isSet(sampleLocks);
    if (commandLine.sampleLocks && (parser.isSet(url) || parser.isSet(profile)))
        return fail(tr("--sample-locks fills the sandbox only; it cannot be used with --url"));
    commandLine.profiles = parser.values(profile);

    // The other connection options apply to every --url.
    auto flagsFor = [&parser](const std::optional<QString>& givenUrl) {
        ConnectionFlags flags;
        for (const auto& flag : ConnectionFlags::all()) {
            const QString name = QString::fromLatin1(flag.name.data(), qsizetype(flag.name.size()));
            if (name == QLatin1String("url")) {
                if (givenUrl)
                    flags.set(flag.name, givenUrl->toStdString());
            } else if (parser.isSet(name)) {
                flags.set(flag.name, parser.value(name).toStdString());
            }
        }
        return flags;
    };
    const QStringList urls = parser.values(url);
    if (urls.isEmpty()) {
        if (flagsFor(std::nullopt).anyBesidesUrl())
            return fail(tr("connection options need --url (the sandbox needs none)"));
        return commandLine;
    }
    for (const QString& given : urls) {
        auto resolved = flagsFor(given).resolve({}, GuiConnectionDefaults::options(),
            [&environment](const std::string& name) -> std::optional<std::string> {
                const QString variable = QString::fromStdString(name);
                if (!environment.contains(variable))
                    return std::nullopt;
                return environment.value(variable).toStdString();
            });
        if (!resolved.options)
            return fail(CoreTexts::translated(resolved.mistake));
        commandLine.urls.append(given);
        commandLine.connections.append(*resolved.options);
    }
    commandLine.connection = commandLine.connections.first();
    return commandLine;
}

} // namespace lockscope::ui
