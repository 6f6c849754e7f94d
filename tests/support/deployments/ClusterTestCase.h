#pragma once

#include "support/deployments/ClusterTestSetup.h"

#include <QObject>

#include <memory>

namespace lockscope::test {

// The fixture of the suites that need a Redis Cluster: three real masters (m_cluster), started
// before the first test function and stopped after the last. A suite derives from it instead of
// QObject.
class ClusterTestCase : public QObject
{
    Q_OBJECT

protected:
    std::unique_ptr<ClusterTestSetup> m_cluster;

private slots:
    void initTestCase();
    void cleanupTestCase();
};

} // namespace lockscope::test
