#include "support/deployments/TlsTestCase.h"

#include <QtTest>

namespace lockscope::test {

std::string TlsTestCase::url() const
{
    return "rediss://127.0.0.1:" + std::to_string(m_server->port());
}

void TlsTestCase::initTestCase()
{
    m_certificates = TlsTestCertificates::create();
    QVERIFY(m_certificates);
    m_server = m_certificates->startServer();
    QVERIFY(m_server);
    initSuite();
}

void TlsTestCase::cleanupTestCase()
{
    m_server.reset();
    m_certificates.reset();
}

} // namespace lockscope::test
