#pragma once

#include "redis/ConnectionOptions.h"
#include "sandbox/RedisServerProcess.h"

#include <QTemporaryDir>

#include <memory>
#include <string>

namespace lockscope::test {

// Certificates made at test time with the openssl command line tool, in a temporary directory
// that lives as long as this object:
// - a test CA, and a server certificate it signed for IP:127.0.0.1 and DNS:localhost (the
//   server sends it with the CA behind it, as a full chain);
// - a second CA that nobody trusts;
// - a client certificate signed by the test CA, for servers with tls-auth-clients.
// It also starts TLS-only redis-servers that use them.
class TlsTestCertificates
{
public:
    // nullptr (with a warning saying why) when openssl fails.
    static std::unique_ptr<TlsTestCertificates> create();

    std::string caFile() const { return path("ca.crt"); }
    std::string untrustedCaFile() const { return path("untrusted-ca.crt"); }
    std::string serverChainFile() const { return path("server-chain.crt"); }
    std::string serverKeyFile() const { return path("server.key"); }
    std::string clientCertFile() const { return path("client.crt"); }
    std::string clientKeyFile() const { return path("client.key"); }

    enum class ClientCertificates
    {
        NotRequired,
        Required
    };
    // A redis-server that speaks TLS only, on a free loopback port; nullptr with a warning on
    // failure.
    std::unique_ptr<RedisServerProcess> startServer(
        ClientCertificates clients = ClientCertificates::NotRequired) const;

    // TLS options that trust the test CA (verification on, no client certificate).
    TlsOptions trustingOptions() const;

private:
    TlsTestCertificates() = default;
    bool generate();
    bool runOpenssl(const QStringList& arguments) const;
    std::string path(const char* name) const;

    QTemporaryDir m_dir;
};

} // namespace lockscope::test
