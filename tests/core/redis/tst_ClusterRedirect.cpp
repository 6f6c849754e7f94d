#include "redis/ClusterRedirect.h"

#include <QtTest>

using namespace lockscope;

class tst_ClusterRedirect : public QObject
{
    Q_OBJECT
    const HostPort m_answeredBy {"10.0.0.9", 7000};

private slots:
    void parsesMovedWithTheSlotAndNewOwner()
    {
        auto redirect = ClusterRedirect::parse("MOVED 3999 127.0.0.1:6381", m_answeredBy);
        QVERIFY(redirect);
        QCOMPARE(redirect->kind, ClusterRedirect::Kind::Moved);
        QCOMPARE(redirect->slot, uint16_t(3999));
        QCOMPARE(redirect->node, (HostPort {"127.0.0.1", 6381}));
    }

    void parsesAsk()
    {
        auto redirect = ClusterRedirect::parse("ASK 12182 10.1.2.3:7002", m_answeredBy);
        QVERIFY(redirect);
        QCOMPARE(redirect->kind, ClusterRedirect::Kind::Ask);
        QCOMPARE(redirect->slot, uint16_t(12182));
        QCOMPARE(redirect->node, (HostPort {"10.1.2.3", 7002}));
    }

    void anEmptyHostMeansTheNodeThatAnswered()
    {
        auto redirect = ClusterRedirect::parse("MOVED 1 :7005", m_answeredBy);
        QVERIFY(redirect);
        QCOMPARE(redirect->node, (HostPort {"10.0.0.9", 7005}));
    }

    void keepsTheColonsOfAnIpv6Address()
    {
        auto redirect = ClusterRedirect::parse("MOVED 1 2001:db8::1:7005", m_answeredBy);
        QVERIFY(redirect);
        QCOMPARE(redirect->node, (HostPort {"2001:db8::1", 7005}));
    }

    void recognisesTryAgainAndClusterDown()
    {
        QCOMPARE(
            ClusterRedirect::parse("TRYAGAIN Multiple keys request during rehashing of slot", m_answeredBy)
                ->kind,
            ClusterRedirect::Kind::TryAgain);
        QCOMPARE(ClusterRedirect::parse("CLUSTERDOWN The cluster is down", m_answeredBy)->kind,
            ClusterRedirect::Kind::ClusterDown);
    }

    void rejectsOtherErrorsAndMalformedRedirects()
    {
        for (const char* text : {"ERR unknown command", "MOVED", "MOVED 3999", "MOVED x 127.0.0.1:1",
                 "MOVED 16384 127.0.0.1:1", "MOVED -1 127.0.0.1:1", "ASK 1 127.0.0.1", "ASK 1 127.0.0.1:0",
                 "ASK 1 127.0.0.1:70000", "ASKING", "MOVED 1 host:12ab"})
            QVERIFY2(!ClusterRedirect::parse(text, m_answeredBy), text);
    }
};

QTEST_GUILESS_MAIN(tst_ClusterRedirect)
#include "tst_ClusterRedirect.moc"
