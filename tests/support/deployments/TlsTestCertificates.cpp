#include "support/deployments/TlsTestCertificates.h"

#include "sandbox/FreePort.h"

#include <QFile>
#include <QProcess>
#include <QtTest>

namespace lockscope::test {

namespace {

// Our own openssl configuration, so that the extensions do not depend on the system's
// openssl.cnf.
const char* const opensslConfig = R"(
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1,DNS:localhost
authorityKeyIdentifier = keyid
[client_ext]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = clientAuth
authorityKeyIdentifier = keyid
)";

} // namespace

std::unique_ptr<TlsTestCertificates> TlsTestCertificates::create()
{
    std::unique_ptr<TlsTestCertificates> certificates(new TlsTestCertificates());
    if (!certificates->m_dir.isValid()) {
        QWARN("cannot create a temporary directory for the test certificates");
        return nullptr;
    }
    if (!certificates->generate())
        return nullptr;
    return certificates;
}

std::string TlsTestCertificates::path(const char* name) const
{
    return m_dir.filePath(QString::fromLatin1(name)).toStdString();
}

bool TlsTestCertificates::runOpenssl(const QStringList& arguments) const
{
    QProcess openssl;
    openssl.setWorkingDirectory(m_dir.path());
    openssl.start("openssl", arguments);
    if (!openssl.waitForFinished(60000) || openssl.exitStatus() != QProcess::NormalExit
        || openssl.exitCode() != 0) {
        QWARN(qPrintable("openssl " + arguments.join(' ') + " failed: " + openssl.errorString() + "\n"
            + QString::fromLocal8Bit(openssl.readAllStandardError())));
        return false;
    }
    return true;
}

bool TlsTestCertificates::generate()
{
    QFile config(m_dir.filePath("openssl.cnf"));
    if (!config.open(QIODevice::WriteOnly) || config.write(opensslConfig) < 0)
        return false;
    config.close();

    // EC keys: generated in milliseconds, unlike RSA.
    const QStringList newKey {"-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"};
    auto makeCa = [&](const QString& name, const QString& commonName) {
        return runOpenssl(QStringList {"req", "-x509", "-config", "openssl.cnf", "-extensions", "ca_ext"}
            + newKey
            + QStringList {
                "-keyout", name + ".key", "-out", name + ".crt", "-days", "2", "-subj", "/CN=" + commonName});
    };
    auto makeSigned = [&](const QString& name, const QString& commonName, const QString& extensions) {
        return runOpenssl(QStringList {"req", "-new", "-config", "openssl.cnf"} + newKey
                   + QStringList {"-keyout", name + ".key", "-out", name + ".csr", "-subj",
                       "/CN=" + commonName})
            && runOpenssl({"x509", "-req", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                "-CAcreateserial", "-out", name + ".crt", "-days", "2", "-extfile", "openssl.cnf",
                "-extensions", extensions});
    };
    if (!makeCa("ca", "LockScope Test CA") || !makeCa("untrusted-ca", "Untrusted Test CA")
        || !makeSigned("server", "localhost", "server_ext")
        || !makeSigned("client", "lockscope-test-client", "client_ext"))
        return false;

    QFile leaf(m_dir.filePath("server.crt"));
    QFile ca(m_dir.filePath("ca.crt"));
    QFile chain(m_dir.filePath("server-chain.crt"));
    if (!leaf.open(QIODevice::ReadOnly) || !ca.open(QIODevice::ReadOnly)
        || !chain.open(QIODevice::WriteOnly)) {
        QWARN("cannot assemble the server certificate chain");
        return false;
    }
    chain.write(leaf.readAll() + ca.readAll());
    return true;
}

std::unique_ptr<RedisServerProcess> TlsTestCertificates::startServer(ClientCertificates clients) const
{
    RedisError lastError = makeError(ErrorKind::Internal, "no free port");
    // We pick the port ourselves (it goes into --tls-port), so a port taken in the meantime
    // is retried here.
    for (int attempt = 0; attempt < 5; ++attempt) {
        RedisServerConfig config;
        config.port = pickFreePort();
        config.plainPort = false;
        config.extraArgs = {"--tls-port", std::to_string(config.port), "--tls-cert-file", serverChainFile(),
            "--tls-key-file", serverKeyFile(), "--tls-ca-cert-file", caFile(), "--tls-auth-clients",
            clients == ClientCertificates::Required ? "yes" : "no"};
        auto server = RedisServerProcess::start(config);
        if (server)
            return std::move(server.value());
        lastError = server.error();
    }
    QWARN(qPrintable(QString::fromStdString("cannot start a TLS redis-server: " + lastError.toString())));
    return nullptr;
}

TlsOptions TlsTestCertificates::trustingOptions() const
{
    TlsOptions tls;
    tls.enabled = true;
    tls.caFile = caFile();
    return tls;
}

} // namespace lockscope::test
