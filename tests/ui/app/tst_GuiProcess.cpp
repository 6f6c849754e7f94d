#include "support/RedisTestServer.h"

#include <QtTest>

#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <csignal>

using namespace lockscope;

namespace {

// The sandbox the GUI announced on stderr.
struct AnnouncedSandbox
{
    int port = 0;
    pid_t pid = 0;
};

// Where the sandbox keeps its files: redis-server changes into its --dir (its command line is
// no witness, the server rewrites its process title).
QString workDirOf(pid_t pid)
{
    return QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
}

bool processExists(pid_t pid)
{
    return ::kill(pid, 0) == 0;
}

} // namespace

class tst_GuiProcess : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;

    void startGui(QProcess& gui, const QStringList& arguments)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        // Settings and runtime files of this run stay in a throw-away directory.
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.path());
        // The lock history the GUI records by default (and the audit log) as well.
        environment.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        gui.setProcessEnvironment(environment);
        gui.setProgram(QStringLiteral(LOCKSCOPE_GUI_BINARY));
        gui.setArguments(arguments);
        gui.start();
    }

    // Reads stderr until the GUI names its sandbox.
    static AnnouncedSandbox waitForSandbox(QProcess& gui, QByteArray& stderrText)
    {
        static const QRegularExpression announcement(
            QStringLiteral("sandbox redis-server at redis://127\\.0\\.0\\.1:(\\d+) \\(pid (\\d+)\\)"));
        QDeadlineTimer deadline(20000);
        while (!deadline.hasExpired() && gui.state() != QProcess::NotRunning) {
            gui.waitForReadyRead(200);
            stderrText += gui.readAllStandardError();
            const auto match = announcement.match(QString::fromLocal8Bit(stderrText));
            if (match.hasMatch())
                return {match.captured(1).toInt(), static_cast<pid_t>(match.captured(2).toInt())};
        }
        return {};
    }

    // True once the GUI's worker has connected to the server on `port` (its client name shows).
    static bool waitForGuiClient(int port)
    {
        ConnectionOptions options;
        options.port = port;
        options.clientRole = "test";
        auto connection = RedisConnection::connect(options);
        if (!connection)
            return false;
        QDeadlineTimer deadline(20000);
        while (!deadline.hasExpired()) {
            auto clients = (*connection)->command({"CLIENT", "LIST"});
            if (clients && clients->text().find("name=lockscope:gui") != std::string::npos)
                return true;
            QThread::msleep(100);
        }
        return false;
    }

    void quitsCleanlyOn(int signalNumber)
    {
        QProcess gui;
        startGui(gui, {});
        QVERIFY(gui.waitForStarted());
        QByteArray stderrText;
        const AnnouncedSandbox sandbox = waitForSandbox(gui, stderrText);
        QVERIFY2(sandbox.port > 0, stderrText.constData());
        const QString workDir = workDirOf(sandbox.pid);
        QVERIFY(!workDir.isEmpty());
        QVERIFY(QFileInfo::exists(workDir));
        QVERIFY(waitForGuiClient(sandbox.port));

        QVERIFY(::kill(static_cast<pid_t>(gui.processId()), signalNumber) == 0);
        QVERIFY(gui.waitForFinished(20000));
        stderrText += gui.readAllStandardError();
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit); // it quit, it was not killed by the signal
        QVERIFY2(gui.exitCode() == 0, stderrText.constData());
        QTRY_VERIFY_WITH_TIMEOUT(!processExists(sandbox.pid), 10000);
        // Only an orderly stop removes the sandbox's directory (a dying parent would leave it).
        QVERIFY2(!QFileInfo::exists(workDir), qPrintable(workDir));
    }

private slots:
    void initTestCase() { QVERIFY(m_home.isValid()); }

    void quitsCleanlyOnSigtermAndStopsTheSandbox() { quitsCleanlyOn(SIGTERM); }

    void quitsCleanlyOnSigintAndStopsTheSandbox() { quitsCleanlyOn(SIGINT); }

    void savesAScreenshotOfTheSandboxWindow()
    {
        const QString path = m_home.filePath(QStringLiteral("window.png"));
        QProcess gui;
        startGui(gui, {QStringLiteral("--screenshot"), path});
        QVERIFY(gui.waitForFinished(60000));
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
        QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
        QImage image(path);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 600);
        QVERIFY(image.height() >= 400);
    }

    void savesAScreenshotOfTheStressPanelAfterAShortRun()
    {
        const QString path = m_home.filePath(QStringLiteral("stress.png"));
        QProcess gui;
        startGui(gui,
            {QStringLiteral("--screenshot"), path, QStringLiteral("--screenshot-tool"),
                QStringLiteral("stress")});
        QVERIFY(gui.waitForFinished(120000));
        const QByteArray stderrText = gui.readAllStandardError();
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
        QVERIFY2(gui.exitCode() == 0, stderrText.constData());
        QVERIFY2(stderrText.contains("screenshot saved"), stderrText.constData());
        QImage image(path);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 600);
        QVERIFY(image.height() >= 400);
    }

    void connectsToTheServerOfTheUrlInsteadOfASandbox()
    {
        auto server = test::startServer();
        QVERIFY(server);
        QProcess gui;
        startGui(gui, {QStringLiteral("--url"), QString::fromStdString(server->url())});
        QVERIFY(gui.waitForStarted());
        QVERIFY(waitForGuiClient(server->port()));
        gui.terminate();
        QVERIFY(gui.waitForFinished(20000));
        const QByteArray stderrText = gui.readAllStandardError();
        QVERIFY2(!stderrText.contains("sandbox redis-server at"), stderrText.constData());
        QCOMPARE(gui.exitCode(), 0);
    }

    void answersVersionAndHelpWithoutADisplay()
    {
        QProcessEnvironment headless = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            headless.remove(QString::fromLatin1(name));
        QProcess gui;
        gui.setProcessEnvironment(headless);
        gui.start(QStringLiteral(LOCKSCOPE_GUI_BINARY), {QStringLiteral("--version")});
        QVERIFY(gui.waitForFinished(20000));
        QCOMPARE(gui.exitCode(), 0);
        QVERIFY(gui.readAllStandardOutput().startsWith("lockscope "));

        gui.start(QStringLiteral(LOCKSCOPE_GUI_BINARY), {QStringLiteral("--help")});
        QVERIFY(gui.waitForFinished(20000));
        QCOMPARE(gui.exitCode(), 0);
        QVERIFY(gui.readAllStandardOutput().contains("--url <URL>"));
    }

    void refusesAMalformedUrlWithTheUsageExitCode()
    {
        QProcess gui;
        startGui(gui, {QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:6379")});
        QVERIFY(gui.waitForFinished(20000));
        QCOMPARE(gui.exitCode(), 64);
        QVERIFY(gui.readAllStandardError().startsWith("lockscope: "));
    }
};

QTEST_GUILESS_MAIN(tst_GuiProcess)
#include "tst_GuiProcess.moc"
