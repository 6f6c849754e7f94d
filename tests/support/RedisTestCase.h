#pragma once

#include "redis/RedisConnection.h"
#include "sandbox/RedisServerProcess.h"

#include <QObject>

#include <memory>

namespace lockscope::test {

// The fixture most suites share: one private redis-server for the whole suite, started before
// the first test function and stopped after the last, and a client connection to it that the
// tests use to set up and check what is in Redis. A suite derives from it instead of QObject.
class RedisTestCase : public QObject
{
    Q_OBJECT

protected:
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
