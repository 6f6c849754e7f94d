#include "support/deployments/SentinelTestCase.h"

#include <QtTest>

namespace lockscope::test {

void SentinelTestCase::initTestCase()
{
    m_setup = SentinelTestSetup::start();
    QVERIFY(m_setup);
}

void SentinelTestCase::cleanupTestCase()
{
    m_setup.reset();
}

} // namespace lockscope::test
