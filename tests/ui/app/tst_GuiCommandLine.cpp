#include "app/GuiCommandLine.h"

#include <QtTest>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

namespace {

GuiCommandLine parse(QStringList arguments, const QProcessEnvironment& environment = {})
{
    arguments.prepend(QStringLiteral("lockscope"));
    return GuiCommandLine::parse(arguments, environment);
}

} // namespace

class tst_GuiCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void usesTheSandboxWithoutArguments()
    {
        const auto commandLine = parse({});
        QCOMPARE(commandLine.exitCode, std::nullopt);
        QVERIFY(!commandLine.connection);
        QVERIFY(!commandLine.screenshotPath);
    }

    void takesTheCliConnectionOptions()
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("OPS_PASSWORD"), QStringLiteral("s3cret"));
        const auto commandLine
            = parse({"--url", "redis://db.example:6380/2", "--user", "ops", "--password-env", "OPS_PASSWORD",
                        "--read-only", "--timeout", "1500", "--connect-timeout", "700"},
                environment);
        QCOMPARE(commandLine.exitCode, std::nullopt);
        QVERIFY(commandLine.connection);
        const ConnectionOptions& options = *commandLine.connection;
        QCOMPARE(options.host, std::string("db.example"));
        QCOMPARE(options.port, 6380);
        QCOMPARE(options.database, 2);
        QCOMPARE(options.user, std::string("ops"));
        QCOMPARE(options.password, std::string("s3cret"));
        QVERIFY(options.hasPassword);
        QVERIFY(options.readOnly);
        QCOMPARE(options.commandTimeout, 1500ms);
        QCOMPARE(options.connectTimeout, 700ms);
        QCOMPARE(options.clientRole, std::string("gui"));
    }

    void takesSeveralUrlsAndProfiles()
    {
        const auto commandLine = parse({"--url", "redis://a.example:6380", "--url", "redis://b.example/3",
            "--read-only", "--profile", "staging", "--profile", "production eu"});
        QCOMPARE(commandLine.exitCode, std::nullopt);
        QCOMPARE(commandLine.urls, QStringList({"redis://a.example:6380", "redis://b.example/3"}));
        QCOMPARE(commandLine.connections.size(), 2);
        QCOMPARE(commandLine.connections[0].host, std::string("a.example"));
        QCOMPARE(commandLine.connections[0].port, 6380);
        QCOMPARE(commandLine.connections[1].host, std::string("b.example"));
        QCOMPARE(commandLine.connections[1].database, 3);
        // The other connection options apply to every --url.
        QVERIFY(commandLine.connections[0].readOnly && commandLine.connections[1].readOnly);
        QCOMPARE(commandLine.profiles, QStringList({"staging", "production eu"}));
    }

    void takesTheTlsOptionsForRediss()
    {
        const auto commandLine
            = parse({"--url", "rediss://db.example", "--tls-ca", "/ca.pem", "--tls-cert", "/client.pem",
                "--tls-key", "/client.key", "--tls-server-name", "redis.internal", "--tls-insecure"});
        QCOMPARE(commandLine.exitCode, std::nullopt);
        const TlsOptions& tls = commandLine.connection->tls;
        QVERIFY(tls.enabled);
        QCOMPARE(tls.caFile, std::string("/ca.pem"));
        QCOMPARE(tls.certFile, std::string("/client.pem"));
        QCOMPARE(tls.keyFile, std::string("/client.key"));
        QCOMPARE(tls.serverName, std::string("redis.internal"));
        QVERIFY(!tls.verifyPeer);
    }

    void remembersWhereToSaveAScreenshot()
    {
        QCOMPARE(parse({"--screenshot", "/tmp/x.png"}).screenshotPath, QStringLiteral("/tmp/x.png"));
    }

    void remembersWhichToolToScreenshot()
    {
        QCOMPARE(parse({"--screenshot", "/tmp/x.png"}).screenshotTool, GuiCommandLine::ScreenshotTool::None);
        QCOMPARE(parse({"--screenshot", "/tmp/x.png", "--screenshot-tool", "stress"}).screenshotTool,
            GuiCommandLine::ScreenshotTool::Stress);
        QCOMPARE(parse({"--screenshot-tool", "demo", "--screenshot", "/tmp/x.png"}).screenshotTool,
            GuiCommandLine::ScreenshotTool::Demo);
    }

    void fillsTheSandboxWithSampleLocksWhenAsked()
    {
        QVERIFY(!parse({}).sampleLocks);
        const auto commandLine = parse({"--sample-locks", "--screenshot", "/tmp/x.png"});
        QVERIFY(commandLine.sampleLocks);
        QVERIFY(!commandLine.connection);
        QVERIFY(!commandLine.exitCode);
    }

    void understandsTheEarlierNameDemoLocks()
    {
        const auto commandLine = parse({"--demo-locks"});
        QVERIFY(commandLine.sampleLocks);
        QVERIFY(!commandLine.exitCode);
    }

    void refusesMistakesWithTheUsageExitCode_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown option") << QStringList {"--frobnicate"};
        QTest::newRow("stray argument") << QStringList {"redis://127.0.0.1"};
        QTest::newRow("malformed URL") << QStringList {"--url", "http://127.0.0.1:6379"};
        QTest::newRow("connection option without --url") << QStringList {"--user", "ops"};
        QTest::newRow("TLS option on redis://") << QStringList {"--url", "redis://h", "--tls-ca", "/ca.pem"};
        QTest::newRow("certificate without key")
            << QStringList {"--url", "rediss://h", "--tls-cert", "/c.pem"};
        QTest::newRow("password variable not set")
            << QStringList {"--url", "redis://h", "--password-env", "NOPE"};
        QTest::newRow("timeout not a number") << QStringList {"--url", "redis://h", "--timeout", "soon"};
        QTest::newRow("timeout zero") << QStringList {"--url", "redis://h", "--connect-timeout", "0"};
        QTest::newRow("sample locks on a real server")
            << QStringList {"--url", "redis://h", "--sample-locks"};
        QTest::newRow("screenshot tool without --screenshot") << QStringList {"--screenshot-tool", "stress"};
        QTest::newRow("unknown screenshot tool")
            << QStringList {"--screenshot", "/tmp/x.png", "--screenshot-tool", "charts"};
    }

    void refusesMistakesWithTheUsageExitCode()
    {
        QFETCH(QStringList, arguments);
        const auto commandLine = parse(arguments);
        QCOMPARE(commandLine.exitCode, 64);
        QVERIFY(!commandLine.connection);
    }

    void answersHelpAndVersion()
    {
        QCOMPARE(parse({"--help"}).exitCode, 0);
        QCOMPARE(parse({"--version"}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(tst_GuiCommandLine)
#include "tst_GuiCommandLine.moc"
