#include "app/GuiStartup.h"
#include "app/MainWindow.h"
#include "connection/ConnectionController.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QLabel>

#include <csignal>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

QString textOf(const QWidget& window, const char* objectName)
{
    auto* label = window.findChild<QLabel*>(QString::fromLatin1(objectName));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(objectName));
}

QString workDirOf(pid_t pid)
{
    return QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
}

} // namespace

// GuiStartup in this process: what `lockscope` does before its event loop, and after it.
class tst_GuiStartup : public QObject
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

private slots:
    void startsTheSandboxAndConnectsToIt()
    {
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope")}), std::nullopt);
        QVERIFY(startup.sandbox());
        QVERIFY(startup.sandbox()->isRunning());
        QVERIFY(startup.window()->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(
            startup.controller()->status().state, ConnectionStatus::State::Connected, 10000);
        QCOMPARE(startup.controller()->summary().endpoint,
            QStringLiteral("127.0.0.1:%1").arg(startup.sandbox()->port()));
        QVERIFY(textOf(*startup.window(), "statusEndpoint")
                    .startsWith(QStringLiteral("sandbox: redis://127.0.0.1:")));
        QVERIFY(startup.window()->sandboxAction()->isVisible());
    }

    void closingTheWindowEndsTheApplicationAndStopsTheSandbox()
    {
        pid_t sandboxPid = 0;
        QString workDir;
        {
            GuiStartup startup;
            QCOMPARE(startup.start({QStringLiteral("lockscope")}), std::nullopt);
            QVERIFY(startup.sandbox());
            sandboxPid = startup.sandbox()->pid();
            workDir = workDirOf(sandboxPid);
            QVERIFY(!workDir.isEmpty());
            QVERIFY(startup.window()->close());
            // With its last window closed, QApplication::exec() returns and main() destroys startup.
            QVERIFY(QGuiApplication::quitOnLastWindowClosed());
            for (QWidget* window : QApplication::topLevelWidgets())
                QVERIFY2(!window->isVisible(), qPrintable(window->objectName()));
        }
        QVERIFY(::kill(sandboxPid, 0) != 0);
        QVERIFY(!QFileInfo::exists(workDir));
    }

    void showsWhyTheSandboxCouldNotStart()
    {
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", "/nonexistent-lockscope-test");
        GuiStartup startup;
        const auto exitCode = startup.start({QStringLiteral("lockscope")});
        qputenv("PATH", path);
        QCOMPARE(exitCode, std::nullopt);
        QVERIFY(!startup.sandbox());
        QVERIFY(startup.window()->isVisible());
        QVERIFY2(textOf(*startup.window(), "serverError").contains(QStringLiteral("redis-server")),
            qPrintable(textOf(*startup.window(), "serverError")));
        QVERIFY(textOf(*startup.window(), "statusConnection").startsWith(QStringLiteral("Error:")));
    }

    void connectsAsTheAclUserWithThePasswordFromTheEnvironment()
    {
        auto server = test::startServer(test::aclWithOnlyUser("ops", "opspw"));
        QVERIFY(server);
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("LOCKSCOPE_TEST_PASSWORD"), QStringLiteral("opspw"));
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope"), QStringLiteral("--url"),
                                   QString::fromStdString(server->url()), QStringLiteral("--user"),
                                   QStringLiteral("ops"), QStringLiteral("--password-env"),
                                   QStringLiteral("LOCKSCOPE_TEST_PASSWORD"), QStringLiteral("--read-only")},
                     environment),
            std::nullopt);
        QVERIFY(!startup.sandbox());
        QTRY_COMPARE_WITH_TIMEOUT(
            startup.controller()->status().state, ConnectionStatus::State::Connected, 10000);
        QVERIFY(startup.window()->findChild<QLabel*>(QStringLiteral("statusReadOnly"))->isVisible());
    }

    void showsAWrongPasswordAsTheError()
    {
        auto server = test::startServer(test::aclWithOnlyUser("ops", "opspw"));
        QVERIFY(server);
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("LOCKSCOPE_TEST_PASSWORD"), QStringLiteral("wrong"));
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope"), QStringLiteral("--url"),
                                   QString::fromStdString(server->url()), QStringLiteral("--user"),
                                   QStringLiteral("ops"), QStringLiteral("--password-env"),
                                   QStringLiteral("LOCKSCOPE_TEST_PASSWORD")},
                     environment),
            std::nullopt);
        QTRY_COMPARE_WITH_TIMEOUT(
            startup.controller()->status().state, ConnectionStatus::State::Unreachable, 10000);
        QVERIFY2(textOf(*startup.window(), "serverError").contains(QStringLiteral("authentication")),
            qPrintable(textOf(*startup.window(), "serverError")));
        QVERIFY(!startup.window()->findChild<QLabel*>(QStringLiteral("statusReadOnly"))->isVisible());
    }

    void refusesUnknownOptionsWithTheUsageExitCode()
    {
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope"), QStringLiteral("--no-such-option")}), 64);
        QCOMPARE(startup.window(), nullptr);
        QCOMPARE(startup.sandbox(), nullptr);
    }
};

QTEST_MAIN(tst_GuiStartup)
#include "tst_GuiStartup.moc"
