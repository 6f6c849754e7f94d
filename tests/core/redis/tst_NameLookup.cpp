#include "redis/SocketTransport.h"
#include "support/RedisTestCase.h"

#include <QtTest>

using namespace lockscope;
using namespace std::chrono_literals;

// A host name is looked up within the connect deadline (--connect-timeout), like the connect
// itself: getaddrinfo() has no timeout of its own (issue 42).
class tst_NameLookup : public test::RedisTestCase
{
    Q_OBJECT

private slots:
    void aNameIsLookedUpAndConnected()
    {
        auto socket = SocketTransport::connectTcp("localhost", m_server->port(), Clock::now() + 10s);
        QVERIFY2(socket.ok(), socket ? "" : socket.error().message.c_str());
    }

    void anAddressNeedsNoLookupAndNoTime()
    {
        // An address is read, not looked up: even a deadline that has passed leaves the connect
        // to say it timed out, never the lookup.
        auto socket = SocketTransport::connectTcp("127.0.0.1", m_server->port(), Clock::now() - 1ms);
        const std::string message = socket ? std::string() : socket.error().message;
        QVERIFY2(message.find("resolving") == std::string::npos, message.c_str());
    }

    void aLookupPastTheDeadlineIsATimeout()
    {
        auto socket = SocketTransport::connectTcp("localhost", m_server->port(), Clock::now() - 1ms);
        QVERIFY(!socket.ok());
        QCOMPARE(socket.error().kind, ErrorKind::Timeout);
        QVERIFY2(socket.error().message.find("timed out resolving host 'localhost'") != std::string::npos,
            socket.error().message.c_str());
    }

    void anUnknownNameIsRefusedWithTheResolversWords()
    {
        auto socket
            = SocketTransport::connectTcp("no-such-host.invalid", m_server->port(), Clock::now() + 20s);
        QVERIFY(!socket.ok());
        QVERIFY2(
            socket.error().message.find("cannot resolve host 'no-such-host.invalid'") != std::string::npos
                || socket.error().kind == ErrorKind::Timeout,
            socket.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_NameLookup)
#include "tst_NameLookup.moc"
