#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/TlsTestCertificates.h"

#include <QtTest>

#include <sstream>

using namespace lockscope;
using test::CliRun;
using test::runCli;

// lockscope-cli against a TLS-only redis-server with a test CA.
class tst_CliTls : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::TlsTestCertificates> m_certificates;
    std::unique_ptr<RedisServerProcess> m_server;
    std::string m_url;

private slots:
    void initTestCase()
    {
        m_certificates = test::TlsTestCertificates::create();
        QVERIFY(m_certificates);
        m_server = m_certificates->startServer();
        QVERIFY(m_server);
        m_url = "rediss://127.0.0.1:" + std::to_string(m_server->port());
    }

    void cleanupTestCase()
    {
        m_server.reset();
        m_certificates.reset();
    }

    void pingsATlsServerTrustedThroughTheGivenCa()
    {
        auto run = runCli({"--url", m_url, "--tls-ca", m_certificates->caFile(), "ping"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains("role:       master"));
        QVERIFY(run.out.contains("topology:   standalone"));
    }

    void withoutTheCaExitsUnavailableWithOneLineSayingWhy()
    {
        // No --tls-ca: the system's trust store, which does not know the test CA.
        auto run = runCli({"--url", m_url, "ping"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains("TLS verification failed"), qPrintable(run.err));
        QVERIFY2(run.err.contains("self-signed certificate in certificate chain"), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void aWrongServerNameIsRefused()
    {
        auto run = runCli({"--url", m_url, "--tls-ca", m_certificates->caFile(), "--tls-server-name",
            "wrong.example", "ping"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QVERIFY2(run.err.contains("hostname mismatch"), qPrintable(run.err));
    }

    void theInsecureSwitchSkipsVerification()
    {
        auto run = runCli({"--url", m_url, "--tls-insecure", "ping"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(tst_CliTls)
#include "tst_CliTls.moc"
