#include "support/deployments/ClusterTestCase.h"

#include <QtTest>

namespace lockscope::test {

void ClusterTestCase::initTestCase()
{
    auto cluster = ClusterTestSetup::start(3);
    QVERIFY2(cluster.ok(), cluster.ok() ? "" : cluster.error().toString().c_str());
    m_cluster = std::move(cluster.value());
}

void ClusterTestCase::cleanupTestCase()
{
    m_cluster.reset();
}

} // namespace lockscope::test
