#include "cli/CliRunner.h"
#include "cli/ExitCode.h"
#include "support/CliRun.h"
#include "support/deployments/SentinelTestCase.h"

#include <QtTest>

#include <sstream>

using namespace lockscope;
using test::CliRun;
using test::runCli;

// lockscope-cli with a redis+sentinel:// URL against a real master, replica and sentinel.
class tst_CliSentinel : public test::SentinelTestCase
{
    Q_OBJECT

private slots:
    void pingShowsTheSentinelMasterItResolved()
    {
        auto run = runCli({"--url", m_setup->url(), "ping"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains("topology:   sentinel master 'mymaster'"), qPrintable(run.out));
        QVERIFY(run.out.contains("role:       master"));
        QVERIFY(run.out.contains("server:     127.0.0.1:" + QString::number(m_setup->master().port())));
    }

    void anUnknownMasterNameExitsUnavailableInOneLine()
    {
        auto run = runCli({"--url", m_setup->url("nosuchmaster"), "ping"});
        QCOMPARE(run.code, int(ExitUnavailable));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains("nosuchmaster"), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(tst_CliSentinel)
#include "tst_CliSentinel.moc"
