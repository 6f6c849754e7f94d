#pragma once

#include "locks/RandomTokenLock.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisConnection.h"

#include <functional>
#include <memory>
#include <vector>

namespace lockscope {

// The `redlock` kind: the token lock (same key, value and scripts as TokenLock, so node-redlock
// and LockScope exclude each other) on N independent masters:
// - one attempt sends the acquire script to every node in parallel (a thread per node);
// - it holds when a majority (N/2 + 1) said yes and validity = lease - elapsed - drift stays
//   positive, with drift = 0.01 x lease + 2 ms (the Redis documentation's algorithm);
// - a failed attempt releases on ALL nodes (a node may have set the key but its reply got
//   lost), then retries after a random delay, so contenders do not stay in lock-step.
// Fencing: each node keeps its own counter `lockscope:fence:{<name>}`, INCRed with the SET.
// The hold's fence is F = the maximum over the nodes that granted it; then, while still holding,
// every granting node's counter is raised to at least F (compare-token-then-raise script) and the
// attempt only counts when a majority took the raise. Any later holder's majority shares a node
// with that majority, where its INCR happens after our key is gone, hence returns at least F + 1:
// fences strictly increase across holders. (Like Redlock itself, this assumes nodes do not lose
// their data: a node restarted without persistence can break both exclusion and fencing.)
class RedlockLock final : public RandomTokenLock
{
public:
    struct Options
    {
        // Retry delay after a failed attempt: random in [retryDelay / 2, retryDelay].
        std::chrono::milliseconds retryDelay {200};
        double driftFactor = 0.01;
        std::chrono::milliseconds driftConstant {2};
    };

    RedlockLock(std::vector<ConnectionOptions> nodes, std::string name, Options options);
    RedlockLock(std::vector<ConnectionOptions> nodes, std::string name)
        : RedlockLock(std::move(nodes), std::move(name), Options {})
    {
    }
    ~RedlockLock() override;

    LockAlgorithm kind() const override { return LockAlgorithm::Redlock; }

    Result<AcquireResult> acquire(const AcquireOptions& options) override;
    Result<HoldOutcome> release() override;
    Result<HoldOutcome> extend(std::chrono::milliseconds lease) override;
    Result<bool> isHeld() override;

    size_t nodeCount() const { return m_nodeOptions.size(); }
    size_t quorum() const { return m_nodeOptions.size() / 2 + 1; }
    // When the current hold stops being valid (steady clock), if held.
    std::optional<std::chrono::steady_clock::time_point> validUntil() const { return m_validUntil; }

private:
    using NodeCall = std::function<Result<RedisReply>(RedisConnection&)>;
    // Runs `call` on the selected nodes (all when empty) at once, a thread each, connecting
    // nodes that are not connected yet; replies in node order.
    std::vector<Result<RedisReply>> onNodes(const NodeCall& call, const std::vector<size_t>& selected = {});
    Result<bool> tryOnce(std::chrono::milliseconds lease);
    std::chrono::milliseconds drift(std::chrono::milliseconds lease) const;
    void releaseEverywhere();
    void forgetHold();
    RedisError quorumError(const std::string& what, const std::vector<Result<RedisReply>>& replies) const;

    std::vector<ConnectionOptions> m_nodeOptions;
    std::vector<std::unique_ptr<RedisConnection>> m_nodes;
    Options m_options;
    std::optional<std::chrono::steady_clock::time_point> m_validUntil;
    size_t m_lastAnswered = 0;
    std::vector<Result<RedisReply>> m_lastReplies;
};

} // namespace lockscope
