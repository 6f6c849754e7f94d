#include "stress/RedlockScenario.h"

#include "locks/LockFactory.h"
#include "sandbox/RedisServerProcess.h"

namespace lockscope {

RedlockScenario::RedlockScenario()
    : DemoScenario("redlock", "Redlock on 5 nodes: a majority or nothing",
        "the lock is acquired with 0, 1 and 2 of 5 nodes down, and refused with 3 down", {"redlock"})
{
}

Result<DemoOutcome> RedlockScenario::run(const DemoContext& context, DemoTimeline& timeline)
{
    if (auto kinds = checkKinds(); !kinds)
        return kinds.error();
    constexpr int nodeCount = 5;
    std::vector<std::unique_ptr<RedisServerProcess>> servers;
    LockSpec spec;
    spec.kind = "redlock";
    spec.name = context.keyPrefix + "redlock";
    for (int i = 0; i < nodeCount; ++i) {
        RedisServerConfig config;
        config.unixSocket = false;
        config.keyspaceNotifications = false;
        auto server = RedisServerProcess::start(config);
        if (!server)
            return RedisError {server.error().kind,
                "cannot start sandbox node " + std::to_string(i + 1) + ": " + server.error().message};
        ConnectionOptions node;
        node.host = "127.0.0.1";
        node.port = (*server)->port();
        node.connectTimeout = std::chrono::milliseconds(500);
        node.commandTimeout = std::chrono::milliseconds(2000);
        node.reconnect.budget = std::chrono::milliseconds(0);
        spec.nodes.push_back(node);
        timeline.step(
            "N" + std::to_string(i + 1), "sandbox redis-server up on 127.0.0.1:" + std::to_string(node.port));
        servers.push_back(std::move(server.value()));
    }

    bool asExpected = true;
    std::string verdict;
    for (int down = 0; down <= 3; ++down) {
        if (down > 0) {
            servers[static_cast<size_t>(down - 1)]->stop();
            timeline.step("N" + std::to_string(down), "stopped (" + std::to_string(down) + " of 5 down)");
        }
        auto lock = LockFactory::create(spec);
        if (!lock)
            return lock.error();
        AcquireOptions once;
        once.lease = std::chrono::milliseconds(5000);
        once.wait = std::chrono::milliseconds(0);
        once.cancel = context.cancel;
        auto acquired = (*lock)->acquire(once);
        const bool got = acquired && acquired->acquired();
        std::string how;
        if (!acquired)
            how = "refused: " + acquired.error().message;
        else if (got)
            how = "acquired on a majority (fence "
                + (acquired->fence ? std::to_string(*acquired->fence) : "-") + ")";
        else
            how = "refused: no majority";
        timeline.step("C1", "with " + std::to_string(down) + " of 5 nodes down: " + how);
        if (got) {
            auto released = (*lock)->release();
            timeline.step("C1",
                released ? "released on every node it could reach"
                         : "release failed: " + released.error().message);
        }
        const bool expected = down < 3 ? got : !got;
        asExpected = asExpected && expected;
        verdict += (verdict.empty() ? "" : ", ") + std::to_string(down)
            + " down: " + (got ? "acquired" : "refused");
    }
    for (auto& server : servers)
        server->stop();
    return DemoOutcome {asExpected, verdict};
}

} // namespace lockscope
