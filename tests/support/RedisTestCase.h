#pragma once

#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"

#include <QObject>

#include <memory>

namespace lockscope::test {

// The fixture most suites share: one private redis-server for the whole suite, started before
// the first test function and stopped after the last, and a client connection to it that the
// tests use to set up and check what is in Redis. A suite derives from it instead of QObject,
// and puts the set-up of its own in initSuite() (not in an initTestCase(), which would hide the
// fixture's and leave the suite without its server).
class RedisTestCase : public QObject
{
    Q_OBJECT

protected:
    // The suite's own set-up, run at the end of initTestCase() once m_server and m_redis are up.
    // A failed QVERIFY or a QSKIP in it fails or skips the whole suite, as in initTestCase().
    // Declare the override outside the slots sections, or Qt Test runs it as a test function.
    virtual void initSuite() { }
    // The suite's own clean-up, run at the start of cleanupTestCase() while the server is still
    // up. Qt Test calls it also after a failed initTestCase(), so it must not count on initSuite().
    virtual void cleanupSuite() { }

    // Options for a new connection to the suite's server (the code under test opens its own).
    ConnectionOptions options() const;
    // A new connection to the suite's server, for the locks that take a shared one.
    std::shared_ptr<RedisConnection> connection() const;
    // Runs `command` on m_redis; true when Redis accepted it (a failure is logged with why).
    bool run(const RedisCommand& command);

    std::unique_ptr<RedisServerProcess> m_server;
    std::unique_ptr<RedisConnection> m_redis;

private slots:
    void initTestCase();
    void cleanupTestCase();
};

} // namespace lockscope::test
