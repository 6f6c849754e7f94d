#include "support/RedisTestServer.h"

#include "support/TestServerTraits.h"

#include <QtTest>

namespace lockscope::test {

std::unique_ptr<RedisServerProcess> startServer(RedisServerConfig config)
{
    auto server = RedisServerProcess::start(std::move(config));
    if (!server) {
        QWARN(qPrintable(QString::fromStdString("cannot start redis-server: " + server.error().toString())));
        return nullptr;
    }
    return std::move(server.value());
}

RedisServerConfig aclWithOnlyUser(const std::string& user, const std::string& password)
{
    RedisServerConfig config;
    config.extraArgs = {"--user", "default", "off", "--user", user, "on", ">" + password, "~*", "+@all"};
    // Servers without channel rules let every user use every channel already.
    if (TestServerTraits::ofPathServer().aclChannelRules)
        config.extraArgs.push_back("&*");
    return config;
}

ConnectionOptions optionsFor(const RedisServerProcess& server, ConnectionOptions base)
{
    base.transport = ConnectionOptions::Transport::Tcp;
    base.host = "127.0.0.1";
    base.port = server.port();
    base.connectTimeout = std::chrono::milliseconds(2000);
    base.commandTimeout = std::chrono::milliseconds(10000);
    if (base.clientRole == ConnectionOptions {}.clientRole)
        base.clientRole = "test";
    return base;
}

std::unique_ptr<RedisConnection> connectTo(const RedisServerProcess& server, ConnectionOptions base)
{
    auto connection = RedisConnection::connect(optionsFor(server, std::move(base)));
    if (!connection) {
        QWARN(qPrintable(QString::fromStdString("cannot connect: " + connection.error().toString())));
        return nullptr;
    }
    return std::move(connection.value());
}

} // namespace lockscope::test
