#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/deployments/TlsTestCase.h"

#include <QtTest>

#include <sstream>

using namespace lockscope;
using test::CliRun;
using test::runCli;

// lockscope-cli against a TLS-only redis-server with a test CA.
class tst_CliTls : public test::TlsTestCase
{
    Q_OBJECT

private slots:
    void pingsATlsServerTrustedThroughTheGivenCa()
    {
        auto run = runCli({"--url", url(), "--tls-ca", m_certificates->caFile(), "ping"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains("role:       master"));
        QVERIFY(run.out.contains("topology:   standalone"));
    }

    void withoutTheCaExitsUnavailableWithOneLineSayingWhy()
    {
        // No --tls-ca: the system's trust store, which does not know the test CA.
        auto run = runCli({"--url", url(), "ping"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains("TLS verification failed"), qPrintable(run.err));
        QVERIFY2(run.err.contains("self-signed certificate in certificate chain"), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void aWrongServerNameIsRefused()
    {
        auto run = runCli({"--url", url(), "--tls-ca", m_certificates->caFile(), "--tls-server-name",
            "wrong.example", "ping"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QVERIFY2(run.err.contains("hostname mismatch"), qPrintable(run.err));
    }

    void theInsecureSwitchSkipsVerification()
    {
        auto run = runCli({"--url", url(), "--tls-insecure", "ping"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(tst_CliTls)
#include "tst_CliTls.moc"
