#include "demo/RedlockScenario.h"

#include "locks/LockFactory.h"
#include "sandbox/RedisServerProcess.h"

namespace lockscope {

RedlockScenario::RedlockScenario()
    : DemoScenario("redlock",
        UserText(LOCKSCOPE_TEXT("DemoScenario", "Redlock on 5 nodes: a majority or nothing")),
        UserText(LOCKSCOPE_TEXT(
            "DemoScenario", "the lock is acquired with 0, 1 and 2 of 5 nodes down, and refused with 3 down")),
        {LockAlgorithm::Redlock})
{
}

Result<DemoOutcome> RedlockScenario::play(const DemoContext& context, DemoTimeline& timeline)
{
    constexpr int nodeCount = 5;
    std::vector<std::unique_ptr<RedisServerProcess>> servers;
    LockSpec spec;
    spec.kind = LockAlgorithm::Redlock;
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
        timeline.step("N" + std::to_string(i + 1), DemoAction::NodeUp,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "sandbox redis-server up on 127.0.0.1:%1"), node.port));
        servers.push_back(std::move(server.value()));
    }

    bool asExpected = true;
    UserText verdict;
    for (int down = 0; down <= 3; ++down) {
        if (down > 0) {
            servers[static_cast<size_t>(down - 1)]->stop();
            timeline.step("N" + std::to_string(down), DemoAction::NodeDown,
                UserText(LOCKSCOPE_TEXT("DemoScenario", "stopped (%1 of 5 down)"), down));
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
        UserText how;
        if (!acquired)
            how = UserText(LOCKSCOPE_TEXT("DemoScenario", "refused: %1"), acquired.error().message);
        else if (got)
            how = UserText(LOCKSCOPE_TEXT("DemoScenario", "acquired on a majority (fence %1)"),
                acquired->fence ? std::to_string(*acquired->fence) : "-");
        else
            how = UserText(LOCKSCOPE_TEXT("DemoScenario", "refused: no majority"));
        timeline.step("C1", got ? DemoAction::Acquire : DemoAction::Refuse,
            UserText(LOCKSCOPE_TEXT("DemoScenario", "with %1 of 5 nodes down: %2"), down, std::move(how)),
            spec.name, got ? acquired->fence : std::nullopt);
        if (got) {
            auto released = (*lock)->release();
            timeline.step("C1", released ? DemoAction::Release : DemoAction::Note,
                released ? UserText(LOCKSCOPE_TEXT("DemoScenario", "released on every node it could reach"))
                         : UserText(
                             LOCKSCOPE_TEXT("DemoScenario", "release failed: %1"), released.error().message));
        }
        const bool expected = down < 3 ? got : !got;
        asExpected = asExpected && expected;
        UserText round = got ? UserText(LOCKSCOPE_TEXT("DemoScenario", "%1 down: acquired"), down)
                             : UserText(LOCKSCOPE_TEXT("DemoScenario", "%1 down: refused"), down);
        verdict = verdict.empty()
            ? std::move(round)
            : UserText(LOCKSCOPE_TEXT("DemoScenario", "%1, %2"), std::move(verdict), std::move(round));
    }
    for (auto& server : servers)
        server->stop();
    return DemoOutcome {asExpected, verdict};
}

} // namespace lockscope
