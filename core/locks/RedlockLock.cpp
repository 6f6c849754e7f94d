#include "locks/RedlockLock.h"

#include "locks/TokenLock.h"
#include "locks/primitives/HolderToken.h"
#include "locks/primitives/LuaScript.h"
#include "locks/waiting/PollingWait.h"
#include "redis/LazyConnection.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace lockscope {

namespace {
using SteadyClock = std::chrono::steady_clock;

const LuaScript& raiseFenceScript()
{
    // KEYS name, counter; ARGV token, fence: raises the counter to at least the fence, but only
    // while the node still holds our token (so the raise happens before any successor's INCR).
    static const LuaScript script(R"lua(
if redis.call('get', KEYS[1]) ~= ARGV[1] then
  return 0
end
local current = tonumber(redis.call('get', KEYS[2]) or '0')
if current == nil or current < tonumber(ARGV[2]) then
  redis.call('set', KEYS[2], ARGV[2])
end
return 1
)lua");
    return script;
}

bool isOne(const Result<RedisReply>& reply)
{
    return reply && reply->isInteger() && reply->integer() == 1;
}
} // namespace

RedlockLock::RedlockLock(std::vector<ConnectionOptions> nodes, std::string name, Options options)
    : RandomTokenLock(std::move(name))
    , m_nodeOptions(std::move(nodes))
    , m_nodes(m_nodeOptions.size())
    , m_options(options)
{
    // A node that is down must cost one refused connect per attempt, not a reconnect loop:
    // Redlock relies on skipping unreachable nodes quickly.
    for (auto& node : m_nodeOptions)
        node.reconnect.budget = std::chrono::milliseconds(0);
}

RedlockLock::~RedlockLock() = default;

std::vector<Result<RedisReply>> RedlockLock::onNodes(
    const NodeCall& call, const std::vector<size_t>& selected)
{
    std::vector<size_t> indices = selected;
    if (indices.empty()) {
        for (size_t i = 0; i < m_nodes.size(); ++i)
            indices.push_back(i);
    }
    std::vector<Result<RedisReply>> replies(
        m_nodes.size(), Result<RedisReply>(makeError(ErrorKind::Internal, "not asked")));
    std::vector<std::thread> threads;
    threads.reserve(indices.size());
    for (size_t index : indices) {
        threads.emplace_back([this, index, &call, &replies] {
            auto node = LazyConnection::in(m_nodes[index], m_nodeOptions[index]);
            if (!node) {
                replies[index] = node.error();
                return;
            }
            replies[index] = call(**node);
        });
    }
    for (auto& thread : threads)
        thread.join();
    return replies;
}

std::chrono::milliseconds RedlockLock::drift(std::chrono::milliseconds lease) const
{
    const auto proportional
        = static_cast<long long>(std::ceil(m_options.driftFactor * double(lease.count())));
    return std::chrono::milliseconds(proportional) + m_options.driftConstant;
}

void RedlockLock::forgetHold()
{
    m_holding = false;
    m_fence.reset();
    m_validUntil.reset();
}

void RedlockLock::releaseEverywhere()
{
    const std::string token = m_token;
    (void)onNodes(
        [&](RedisConnection& node) { return TokenLock::releaseScript().run(node, {m_name}, {token}); });
}

RedisError RedlockLock::quorumError(
    const std::string& what, const std::vector<Result<RedisReply>>& replies) const
{
    size_t answered = 0;
    std::string firstError;
    for (size_t i = 0; i < replies.size(); ++i) {
        if (replies[i])
            ++answered;
        else if (firstError.empty())
            firstError = m_nodeOptions[i].describe() + ": " + replies[i].error().toString();
    }
    return makeError(ErrorKind::ConnectionRefused,
        "redlock '" + m_name + "' cannot " + what + ": only " + std::to_string(answered) + " of "
            + std::to_string(replies.size()) + " nodes answered, the quorum is " + std::to_string(quorum())
            + (firstError.empty() ? "" : " (" + firstError + ")"));
}

Result<bool> RedlockLock::tryOnce(std::chrono::milliseconds lease)
{
    const auto started = SteadyClock::now();
    const std::string token = m_token;
    const std::string leaseText = std::to_string(lease.count());
    auto replies = onNodes([&](RedisConnection& node) {
        return TokenLock::acquireScript().run(node, {m_name, m_fenceKey}, {token, leaseText});
    });
    m_lastAnswered = 0;
    std::vector<size_t> granted;
    long long highest = 0;
    for (size_t i = 0; i < replies.size(); ++i) {
        if (!replies[i])
            continue;
        ++m_lastAnswered;
        if (replies[i]->isInteger()) {
            granted.push_back(i);
            highest = std::max(highest, replies[i]->integer());
        }
    }
    m_lastReplies = replies;

    const auto validity = [&] { return lease - drift(lease) - (SteadyClock::now() - started); };
    if (granted.size() >= quorum() && validity() > SteadyClock::duration::zero()) {
        const std::string fenceText = std::to_string(highest);
        auto raised = onNodes(
            [&](RedisConnection& node) {
                return raiseFenceScript().run(node, {m_name, m_fenceKey}, {token, fenceText});
            },
            granted);
        const auto raisedCount = static_cast<size_t>(
            std::count_if(granted.begin(), granted.end(), [&](size_t i) { return isOne(raised[i]); }));
        if (raisedCount >= quorum() && validity() > SteadyClock::duration::zero()) {
            m_holding = true;
            m_fence = highest;
            m_validUntil = started + lease - drift(lease);
            return true;
        }
    }
    // Not enough: undo everywhere, including nodes whose reply we never saw.
    releaseEverywhere();
    return false;
}

Result<AcquireResult> RedlockLock::acquire(const AcquireOptions& options)
{
    if (m_holding)
        return makeError(ErrorKind::Usage, "redlock '" + m_name + "' is already held by this object");
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    if (m_nodeOptions.empty())
        return makeError(ErrorKind::Usage, "redlock needs at least one node");
    m_token = HolderToken::generate();

    // The waiter registers on every node that was reachable when its wait began, so the monitor
    // sees it whichever node it watches. PollingWait reads `registrationPointers` after each
    // attempt, so filling it during the first failed one has it entered right away.
    std::vector<std::unique_ptr<WaiterRegistry>> registrations;
    std::vector<WaiterRegistry*> registrationPointers;
    auto registerOnReachableNodes = [&] {
        for (auto& node : m_nodes) {
            if (!node || !node->isConnected())
                continue;
            registrations.push_back(std::make_unique<WaiterRegistry>(*node, m_name, m_token));
            registrationPointers.push_back(registrations.back().get());
        }
    };
    bool first = true;
    PollingWait::Backoff backoff {m_options.retryDelay, m_options.retryDelay};
    auto result = PollingWait::run(
        options,
        [&]() -> Result<bool> {
            auto acquired = tryOnce(options.lease);
            if (first && acquired && !*acquired) {
                registerOnReachableNodes(); // entered by PollingWait right after this attempt
                first = false;
            }
            return acquired;
        },
        registrationPointers, &m_mutex, backoff);
    if (!result)
        return result;
    if (result->acquired()) {
        result->fence = m_fence;
        return result;
    }
    if (result->outcome == AcquireOutcome::TimedOut && m_lastAnswered < quorum())
        return quorumError("be acquired", m_lastReplies);
    return result;
}

Result<HoldOutcome> RedlockLock::release()
{
    std::lock_guard guard(m_mutex);
    if (!m_holding)
        return HoldOutcome::Lost;
    const std::string token = m_token;
    auto replies = onNodes(
        [&](RedisConnection& node) { return TokenLock::releaseScript().run(node, {m_name}, {token}); });
    const auto answered = static_cast<size_t>(
        std::count_if(replies.begin(), replies.end(), [](const auto& r) { return r.ok(); }));
    const auto deleted = static_cast<size_t>(std::count_if(replies.begin(), replies.end(), isOne));
    if (deleted < quorum() && answered < quorum())
        return quorumError("be released", replies); // the keys expire by themselves after the lease
    forgetHold();
    return deleted >= quorum() ? HoldOutcome::Done : HoldOutcome::Lost;
}

Result<HoldOutcome> RedlockLock::extend(std::chrono::milliseconds lease)
{
    std::lock_guard guard(m_mutex);
    if (!m_holding)
        return HoldOutcome::Lost;
    if (lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    if (m_validUntil && SteadyClock::now() >= *m_validUntil) {
        releaseEverywhere();
        forgetHold();
        return HoldOutcome::Lost;
    }
    const auto started = SteadyClock::now();
    const std::string token = m_token;
    const std::string leaseText = std::to_string(lease.count());
    auto replies = onNodes([&](RedisConnection& node) {
        return TokenLock::extendScript().run(node, {m_name}, {token, leaseText});
    });
    const auto extended = static_cast<size_t>(std::count_if(replies.begin(), replies.end(), isOne));
    const auto validUntil = started + lease - drift(lease);
    if (extended >= quorum() && SteadyClock::now() < validUntil) {
        m_validUntil = validUntil;
        return HoldOutcome::Done;
    }
    const auto answered = static_cast<size_t>(
        std::count_if(replies.begin(), replies.end(), [](const auto& r) { return r.ok(); }));
    if (answered < quorum())
        return quorumError("be extended", replies); // still held until validUntil; the caller may retry
    releaseEverywhere();
    forgetHold();
    return HoldOutcome::Lost;
}

Result<bool> RedlockLock::isHeld()
{
    std::lock_guard guard(m_mutex);
    if (!m_holding || !m_validUntil || SteadyClock::now() >= *m_validUntil)
        return false;
    const std::string token = m_token;
    auto replies = onNodes([&](RedisConnection& node) { return node.command({"GET", m_name}); });
    const auto holding = static_cast<size_t>(std::count_if(replies.begin(), replies.end(),
        [&](const auto& r) { return r && r->isString() && r->text() == token; }));
    return holding >= quorum();
}

} // namespace lockscope
