#include "support/TestServerTraits.h"

#include "sandbox/RedisServerProcess.h"
#include "support/RedisTestServer.h"

#include <QtGlobal>

namespace lockscope::test {

namespace {

TestServerTraits probePathServer()
{
    TestServerTraits traits;
    auto server = RedisServerProcess::start({});
    if (!server) {
        qWarning("cannot start redis-server to learn its options: %s", server.error().toString().c_str());
        return traits;
    }
    auto connection = RedisConnection::connect(optionsFor(**server));
    if (!connection) {
        qWarning("cannot ask redis-server about its options: %s", connection.error().toString().c_str());
        return traits;
    }
    // Trying the rule on a throwaway user is the one sure test of the ACL parser.
    traits.aclChannelRules = (*connection)->command({"ACL", "SETUSER", "lockscope-probe", "&*"}).ok();
    auto clusterPort = (*connection)->command({"CONFIG", "GET", "cluster-port"});
    traits.clusterPortOption = clusterPort && clusterPort->isArray() && clusterPort->size() == 2;
    return traits;
}

} // namespace

std::vector<std::string> renamedAway(RedisConnection& sameKind, const std::vector<std::string>& commands)
{
    std::vector<std::string> options;
    for (const auto& command : commands) {
        auto info = sameKind.command({"COMMAND", "INFO", command});
        if (info && info->isArray() && info->size() == 1 && info->at(0).isArray())
            options.insert(options.end(), {"--rename-command", command, ""});
    }
    return options;
}

const TestServerTraits& TestServerTraits::ofPathServer()
{
    static const TestServerTraits traits = probePathServer();
    return traits;
}

} // namespace lockscope::test
