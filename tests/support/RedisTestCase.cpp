#include "support/RedisTestCase.h"

#include "support/RedisTestServer.h"

#include <QtTest>

namespace lockscope::test {

ConnectionOptions RedisTestCase::options() const
{
    return optionsFor(*m_server);
}

std::shared_ptr<RedisConnection> RedisTestCase::connection() const
{
    return connectTo(*m_server);
}

bool RedisTestCase::run(const RedisCommand& command)
{
    auto reply = m_redis->command(command);
    if (!reply)
        qWarning("%s", reply.error().toString().c_str());
    return reply.ok();
}

void RedisTestCase::initTestCase()
{
    m_server = startServer();
    QVERIFY(m_server);
    m_redis = connectTo(*m_server);
    QVERIFY(m_redis);
    initSuite();
}

void RedisTestCase::cleanupTestCase()
{
    cleanupSuite();
    m_redis.reset();
    m_server.reset();
}

} // namespace lockscope::test
