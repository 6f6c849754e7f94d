#include "support/RedisTestServer.h"
#include "support/deployments/TlsTestCase.h"

#include <QtTest>

using namespace lockscope;
using namespace std::chrono_literals;

namespace {
QString messageOf(const RedisError& error)
{
    return QString::fromStdString(error.message);
}
const char* describe(const Result<std::unique_ptr<RedisConnection>>& connection)
{
    static std::string text;
    text = connection.ok() ? std::string("connected") : connection.error().toString();
    return text.c_str();
}
} // namespace

// TLS against real TLS-only redis-servers, with certificates made by openssl for this run.
class tst_TlsConnection : public test::TlsTestCase
{
    Q_OBJECT

    std::unique_ptr<RedisServerProcess> m_clientAuthServer;

    void initSuite() override
    {
        m_clientAuthServer
            = m_certificates->startServer(test::TlsTestCertificates::ClientCertificates::Required);
        QVERIFY(m_clientAuthServer);
    }

    ConnectionOptions tlsOptionsFor(const RedisServerProcess& server, TlsOptions tls) const
    {
        ConnectionOptions options = test::optionsFor(server);
        options.tls = tls;
        options.tls.enabled = true;
        options.reconnect.budget = 0ms;
        return options;
    }
    ConnectionOptions trustingOptionsFor(const RedisServerProcess& server) const
    {
        return tlsOptionsFor(server, m_certificates->trustingOptions());
    }

private slots:
    void roundTripsWithVerification()
    {
        auto connection = RedisConnection::connect(trustingOptionsFor(*m_server));
        QVERIFY2(connection.ok(), describe(connection));
        QVERIFY((*connection)->command({"SET", "tls:key", "over tls"}).ok());
        auto got = (*connection)->command({"GET", "tls:key"});
        QVERIFY(got.ok());
        QCOMPARE(got->text(), std::string("over tls"));
    }

    void verifiesTheDnsNameOfTheCertificate()
    {
        ConnectionOptions options = trustingOptionsFor(*m_server);
        options.host = "localhost";
        auto connection = RedisConnection::connect(options);
        QVERIFY2(connection.ok(), describe(connection));
        QVERIFY((*connection)->command({"PING"}).ok());
    }

    void refusesAServerSignedByAnUntrustedCa()
    {
        TlsOptions tls;
        tls.caFile = m_certificates->untrustedCaFile();
        auto connection = RedisConnection::connect(tlsOptionsFor(*m_server, tls));
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::TlsVerification, describe(connection));
        // The server sends its chain up to its own root, which this client does not trust.
        QVERIFY2(messageOf(connection.error()).contains("self-signed certificate in certificate chain"),
            describe(connection));
    }

    void refusesAWrongHostName()
    {
        TlsOptions tls = m_certificates->trustingOptions();
        tls.serverName = "wrong.example";
        auto connection = RedisConnection::connect(tlsOptionsFor(*m_server, tls));
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::TlsVerification, describe(connection));
        QVERIFY2(messageOf(connection.error()).contains("hostname mismatch"), describe(connection));
        QVERIFY(messageOf(connection.error()).contains("wrong.example"));
    }

    void refusesAnIpAddressTheCertificateDoesNotName()
    {
        TlsOptions tls = m_certificates->trustingOptions();
        tls.serverName = "127.0.0.2";
        auto connection = RedisConnection::connect(tlsOptionsFor(*m_server, tls));
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::TlsVerification, describe(connection));
        QVERIFY2(messageOf(connection.error()).contains("IP address mismatch"), describe(connection));
    }

    void insecureSwitchConnectsToAnUntrustedServer()
    {
        TlsOptions tls;
        tls.caFile = m_certificates->untrustedCaFile();
        tls.serverName = "wrong.example";
        tls.verifyPeer = false;
        auto connection = RedisConnection::connect(tlsOptionsFor(*m_server, tls));
        QVERIFY2(connection.ok(), describe(connection));
        QCOMPARE((*connection)->command({"ECHO", "insecure"})->text(), std::string("insecure"));
    }

    void anUnreadableCaFileIsAHandshakeErrorNamingTheFile()
    {
        TlsOptions tls;
        tls.caFile = "/nonexistent/lockscope-ca.crt";
        auto connection = RedisConnection::connect(tlsOptionsFor(*m_server, tls));
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::TlsHandshake, describe(connection));
        QVERIFY(messageOf(connection.error()).contains("/nonexistent/lockscope-ca.crt"));
    }

    void aServerRequiringClientCertificatesRefusesAClientWithout()
    {
        auto connection = RedisConnection::connect(trustingOptionsFor(*m_clientAuthServer));
        QVERIFY(!connection.ok());
        QVERIFY2(connection.error().kind == ErrorKind::TlsHandshake, describe(connection));
        QVERIFY2(messageOf(connection.error()).contains("client certificate"), describe(connection));
    }

    void aServerRequiringClientCertificatesAcceptsOneWithACertificate()
    {
        TlsOptions tls = m_certificates->trustingOptions();
        tls.certFile = m_certificates->clientCertFile();
        tls.keyFile = m_certificates->clientKeyFile();
        auto connection = RedisConnection::connect(tlsOptionsFor(*m_clientAuthServer, tls));
        QVERIFY2(connection.ok(), describe(connection));
        QCOMPARE((*connection)->command({"ECHO", "mutual"})->text(), std::string("mutual"));
    }

    void roundTripsBinaryValuesOverTls()
    {
        auto connection = RedisConnection::connect(trustingOptionsFor(*m_server));
        QVERIFY2(connection.ok(), describe(connection));
        const std::string key("tls\0key\xff\r\n", 10);
        std::string value;
        // Several megabytes: many TLS records, and more than a socket buffer takes at once.
        for (int i = 0; i < 4 * 1024 * 1024; ++i)
            value += static_cast<char>(i * 31);
        QVERIFY((*connection)->command({"SET", key, value}).ok());
        auto got = (*connection)->command({"GET", key});
        QVERIFY(got.ok());
        QCOMPARE(got->text().size(), value.size());
        QVERIFY(got->text() == value);
    }

    void answersTenThousandPipelinedCommandsInOrder()
    {
        auto connection = RedisConnection::connect(trustingOptionsFor(*m_server));
        QVERIFY2(connection.ok(), describe(connection));
        std::vector<RedisCommand> commands;
        for (int i = 0; i < 5000; ++i)
            commands.push_back({"SET", "tlspipe:" + std::to_string(i), std::to_string(i * 3)});
        for (int i = 0; i < 5000; ++i)
            commands.push_back({"GET", "tlspipe:" + std::to_string(i)});
        auto replies = (*connection)->pipeline(commands);
        QVERIFY2(replies.ok(), replies.ok() ? "" : replies.error().message.c_str());
        QCOMPARE(replies->size(), size_t(10000));
        for (int i = 0; i < 5000; ++i) {
            QVERIFY((*replies)[i].isStatus());
            QCOMPARE((*replies)[5000 + i].text(), std::to_string(i * 3));
        }
    }

    void subscriptionWaitsWithDeadlinesOverTls()
    {
        auto subscriber = RedisConnection::connect(trustingOptionsFor(*m_server));
        auto publisher = RedisConnection::connect(trustingOptionsFor(*m_server));
        QVERIFY2(subscriber.ok(), describe(subscriber));
        QVERIFY2(publisher.ok(), describe(publisher));
        QVERIFY((*subscriber)->send({"SUBSCRIBE", "tls-channel"}).ok());
        auto confirmation = (*subscriber)->readReply(5000ms);
        QVERIFY(confirmation.ok());
        QCOMPARE(confirmation->at(0).text(), std::string("subscribe"));
        auto nothingYet = (*subscriber)->readReply(50ms);
        QVERIFY(!nothingYet.ok() && nothingYet.error().kind == ErrorKind::Timeout);
        QVERIFY((*subscriber)->isConnected()); // a timeout leaves the stream usable
        QCOMPARE((*publisher)->command({"PUBLISH", "tls-channel", "hello"})->integer(), 1LL);
        auto message = (*subscriber)->readReply(5000ms);
        QVERIFY(message.ok());
        QCOMPARE(message->at(2).text(), std::string("hello"));
    }

    void reconnectsAfterTheTlsServerRestarts()
    {
        auto server = m_certificates->startServer();
        QVERIFY(server);
        ConnectionOptions options = trustingOptionsFor(*server);
        options.reconnect.budget = 10000ms;
        auto connection = RedisConnection::connect(options);
        QVERIFY2(connection.ok(), describe(connection));
        QVERIFY((*connection)->command({"PING"}).ok());
        QVERIFY(server->restart().ok());
        // A write is never repeated, so this only succeeds if the closed TLS stream was
        // noticed before the command was sent.
        auto afterRestart = (*connection)->command({"SET", "after-restart", "1"});
        QVERIFY2(afterRestart.ok(), afterRestart.ok() ? "" : afterRestart.error().message.c_str());
        QCOMPARE((*connection)->reconnectCount(), 1);
    }

    void aPlainTextServerIsNotTakenForTls()
    {
        auto plain = test::startServer();
        QVERIFY(plain);
        ConnectionOptions options = trustingOptionsFor(*plain);
        options.connectTimeout = 1500ms;
        auto connection = RedisConnection::connect(options);
        QVERIFY(!connection.ok());
        // Either the server answers our ClientHello with text, or it waits for the end of a
        // command line that never comes.
        QVERIFY2(connection.error().kind == ErrorKind::TlsHandshake
                || connection.error().kind == ErrorKind::Timeout,
            describe(connection));
        QVERIFY2(messageOf(connection.error()).contains("TLS"), describe(connection));
    }
};

QTEST_GUILESS_MAIN(tst_TlsConnection)
#include "tst_TlsConnection.moc"
