#pragma once

#include "support/deployments/SentinelTestSetup.h"

#include <QObject>

#include <memory>

namespace lockscope::test {

// The fixture of the suites that need a Sentinel topology: a real master, replica and sentinel
// (m_setup), started before the first test function and stopped after the last. A suite derives
// from it instead of QObject.
class SentinelTestCase : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

protected:
    std::unique_ptr<SentinelTestSetup> m_setup;
};

} // namespace lockscope::test
