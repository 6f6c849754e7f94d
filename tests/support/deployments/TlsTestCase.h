#pragma once

#include "sandbox/RedisServerProcess.h"
#include "support/deployments/TlsTestCertificates.h"

#include <QObject>

#include <memory>

namespace lockscope::test {

// The fixture of the suites that talk TLS: a test CA with its certificates (m_certificates) and a
// TLS-only redis-server that trusts them (m_server), started before the first test function and
// stopped after the last. A suite derives from it instead of QObject; its own set-up goes in
// initSuite() (see RedisTestCase).
class TlsTestCase : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

protected:
    std::unique_ptr<TlsTestCertificates> m_certificates;
    std::unique_ptr<RedisServerProcess> m_server;

    // rediss:// and the server's address.
    std::string url() const;
    // Run at the end of initTestCase(); declare the override outside the slots sections.
    virtual void initSuite() { }
};

} // namespace lockscope::test
