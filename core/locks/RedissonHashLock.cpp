#include "locks/RedissonHashLock.h"

#include "locks/LockKeyNames.h"
#include "locks/lease/ReplicaConfirmation.h"
#include "locks/waiting/WaiterRegistry.h"
#include "redis/LazyConnection.h"

#include <utility>

namespace lockscope {
namespace {
using Clock = std::chrono::steady_clock;
}

const char* const RedissonHashLock::newFenceLua = R"lua(
local function newFence(fenceCounter, fencing)
    if fencing == '1' then
        return redis.call('incr', fenceCounter);
    end;
    return false;
end;
)lua";

const char* const RedissonHashLock::handOverLua = R"lua(
local function handOver(field, lease, channel, registry, fenceCounter, fencing)
    redis.call('hset', KEYS[1], field, 1);
    redis.call('pexpire', KEYS[1], lease);
    redis.call('zrem', registry, field);
    local fence = newFence(fenceCounter, fencing);
    redis.call('publish', channel, fence or '');
    return fence;
end;
)lua";

const char* const RedissonHashLock::endOwnHoldLua = R"lua(
if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then
    return nil;
end;
if (redis.call('hincrby', KEYS[1], ARGV[3], -1) > 0) then
    redis.call('pexpire', KEYS[1], ARGV[2]);
    return 0;
end;
redis.call('del', KEYS[1]);
)lua";

RedissonHashLock::RedissonHashLock(ConnectionOptions options, std::string name, HolderIdentity identity,
    std::shared_ptr<LockWatchdog> watchdog, Fencing fencing, Waiting waiting)
    : m_options(std::move(options))
    , m_name(std::move(name))
    , m_identity(std::move(identity))
    , m_fencing(fencing)
    , m_waiting(waiting)
    , m_subscriber(m_options)
    , m_renewal(std::move(watchdog))
{
}

RedissonHashLock::~RedissonHashLock()
{
    // Subclass parts are gone by now, so the kind's unlock cannot run here; subclasses release
    // in their own destructors. What is left: stop renewing.
    endHold();
}

Result<long long> RedissonHashLock::confirmReplicas(int replicas, std::chrono::milliseconds timeout)
{
    auto conn = connection();
    if (!conn)
        return conn.error();
    return ReplicaConfirmation::wait(**conn, replicas, timeout);
}

Result<RedisConnection*> RedissonHashLock::connection()
{
    return LazyConnection::in(m_connection, m_options);
}

Result<RedisReply> RedissonHashLock::runScript(
    const LuaScript& script, const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    auto conn = connection();
    if (!conn)
        return conn.error();
    return script.run(**conn, keys, args);
}

Result<RedisReply> RedissonHashLock::runHandingOverScript(
    const LuaScript& script, const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    // Redis writes the replies and messages of one event-loop turn last-in, first-out: the
    // client that got output last is written to first. Alone, the script's reply to us would
    // come last and so go out before the grant it publishes to the waiter, and our thread,
    // woken first, would compete for a CPU with the new holder's wake-up (the handoff this
    // measures). A PING in front puts us in that queue before the script runs, behind the
    // waiter, so the new holder's wake-up comes first and the handoff is shorter (see
    // docs/benchmarks.md). Should a server order its writes otherwise, only this gain is lost.
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto replies = (*conn)->pipeline({{"PING"}, script.prepare(keys, args)});
    if (!replies)
        return replies.error();
    if (replies->size() != 2)
        return makeError(ErrorKind::Protocol, "an unlock script answered out of step");
    RedisReply& reply = (*replies)[1];
    if (!reply.isError())
        return std::move(reply);
    if (LuaScript::isNoScript(reply.text())) // the server forgot the script: send it whole
        return (*conn)->command(script.evalCommand(keys, args));
    RedisError error = RedisError::fromServerReply(reply.text());
    if (error.kind == ErrorKind::ReadOnlyReplica
        && m_options.topology == ConnectionOptions::Topology::Sentinel)
        (*conn)->disconnect(); // as command() does: the next call asks the sentinels for the master
    return error;
}

RedisCommand RedissonHashLock::renewalCommand(std::chrono::milliseconds lease) const
{
    // KEYS: name. ARGV: lease ms, field.
    static const LuaScript script(R"lua(
if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then
    redis.call('pexpire', KEYS[1], ARGV[1]);
    return 1;
end;
return 0;
)lua");
    // The watchdog sends it in a pipeline: EVAL, which cannot fail with NOSCRIPT.
    return script.evalCommand({m_name}, {std::to_string(lease.count()), holderField()});
}

Result<UnlockSubscriber::Attempt> RedissonHashLock::decodeAttempt(const Result<RedisReply>& reply)
{
    if (!reply)
        return reply.error();
    const auto status = reply->at(0).toInteger();
    const auto value = reply->at(1).toInteger();
    // A new hold of an unfenced lock has no fence: {1, nil}.
    const bool unfencedStart = status == 1 && reply->at(1).isNil();
    if (!reply->isArray() || reply->size() != 2 || !status || (!value && !unfencedStart))
        return makeError(ErrorKind::Protocol, "unexpected reply to an acquire script: " + reply->describe());
    Attempt attempt;
    switch (*status) {
    case 1:
        attempt.acquired = true;
        attempt.startedHold = true;
        attempt.fence = value;
        attempt.count = 1;
        break;
    case 2:
        attempt.acquired = true;
        attempt.count = *value;
        break;
    case 0:
        // pttl: -1 when the hash has no TTL, -2 when it vanished meanwhile (try again at once).
        attempt.retryAfter = std::chrono::milliseconds(*value == -2 ? 0 : *value);
        break;
    default:
        return makeError(
            ErrorKind::Protocol, "unexpected status from an acquire script: " + reply->describe());
    }
    return attempt;
}

Result<AcquireResult> RedissonHashLock::acquire(const AcquireOptions& options)
{
    if (options.lease.count() <= 0)
        return makeError(ErrorKind::Usage, "the lease must be positive");
    const auto started = Clock::now();
    std::optional<Clock::time_point> deadline;
    if (options.wait)
        deadline = started + *options.wait;

    std::optional<Clock::time_point> holdOff;
    if (m_courtesyUntil && m_count == 0 && started < *m_courtesyUntil
        && !(options.wait && options.wait->count() <= 0))
        holdOff = m_courtesyUntil;
    m_courtesyUntil.reset();

    Attempt won;
    if (!holdOff) {
        auto first = tryAcquireOnce(options.lease);
        if (!first)
            return first.error();
        won = *first;
    }
    AcquireResult result;
    if (!won.acquired) {
        if (options.wait && options.wait->count() <= 0) {
            auto abandoned = abandonWait();
            if (!abandoned)
                return abandoned.error();
            result.outcome = AcquireOutcome::TimedOut;
            return result;
        }
        auto conn = connection();
        if (!conn)
            return conn.error();
        WaiterRegistry registry(**conn, m_name, holderField());
        std::unique_ptr<LocalWaitLine::Turn> turn;
        if (waitsInLocalLine()) {
            if (!m_waitLine) {
                m_waitLine = LocalWaitLine::forKey(m_options.describe() + "|" + m_options.user + "|"
                    + std::to_string(m_options.database) + "|" + waitChannel());
            }
            // In line, the waiter is registered (visible to the monitor) but not subscribed.
            AcquireOutcome lineOutcome = AcquireOutcome::TimedOut;
            auto awaited = m_waitLine->await(
                deadline, options.cancel, [&registry] { return registry.refreshIfDue(); }, lineOutcome);
            if (!awaited || !*awaited) {
                (void)registry.leave();
                auto abandoned = abandonWait();
                if (!awaited)
                    return awaited.error();
                if (!abandoned)
                    return abandoned.error();
                result.outcome = lineOutcome;
                result.waited = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
                return result;
            }
            turn = std::move(awaited.value());
        }
        auto waited = waitSubscribed(options, deadline, holdOff, registry, turn);
        turn.reset(); // the next local waiter goes to the Redis level while we hold the lock
        if (waited && waited->outcome == AcquireOutcome::Acquired && acquireLeavesRegistry())
            registry.forget(); // the acquire script removed the entry
        else
            (void)registry.leave();
        if (!waited || waited->outcome != AcquireOutcome::Acquired) {
            auto abandoned = abandonWait();
            if (!waited)
                return waited.error();
            if (!abandoned)
                return abandoned.error();
            result.outcome = waited->outcome;
            result.waited = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
            return result;
        }
        won = waited->attempt;
    }

    if (won.startedHold || m_count == 0) {
        // A new hold (or ours expired and was taken afresh): start its renewal.
        endHold();
        m_fence = won.fence;
        m_lease = options.lease;
        m_renewal.forget();
        if (options.watchdog)
            m_renewal.watch(
                m_options, {renewalCommand(options.lease), options.lease, options.maxRenewals, nullptr});
    }
    m_count = static_cast<int>(won.count);
    if (handsOffLocally())
        handoffDesk()->noteHeldHere(options.lease);
    result.outcome = AcquireOutcome::Acquired;
    result.fence = m_fence;
    result.waited = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
    return result;
}

Result<UnlockSubscriber::Ending> RedissonHashLock::waitSubscribed(const AcquireOptions& options,
    std::optional<std::chrono::steady_clock::time_point> deadline,
    std::optional<std::chrono::steady_clock::time_point> holdOff, WaiterRegistry& registry,
    std::unique_ptr<LocalWaitLine::Turn>& turn)
{
    std::shared_ptr<HandoffDesk> desk;
    std::optional<HandoffDesk::SeatId> seat;
    if (handsOffLocally()) {
        desk = handoffDesk();
        seat = desk->join(
            m_name, holderField(), options.lease, turn ? turn->leaver() : std::function<void()>());
    }
    bool subscribedJustNow = true;
    auto attempt = [&]() -> Result<Attempt> {
        if (!seat)
            return tryAcquireOnce(options.lease);
        if (std::exchange(subscribedJustNow, false) && waitsInLocalLine()) {
            // While a holder of this process holds the lock, its release will offer it to us
            // (or publish the notice we now hear): no need to look until its lease would
            // run out. (Not for the fair lock: its first look renews its place in the queue.)
            if (auto leaseLeft = desk->readyIfHeldHere(*seat)) {
                Attempt later;
                later.retryAfter = *leaseLeft;
                return later;
            }
        }
        auto given = resolveGrant(desk->markBusy(*seat));
        if (!given || given->acquired)
            return given;
        if (auto until = desk->yieldingUntil()) {
            // Another process's waiter was just woken to take its turn: let it.
            desk->markReady(*seat);
            Attempt later;
            later.retryAfter = std::chrono::ceil<std::chrono::milliseconds>(*until - Clock::now());
            return later;
        }
        auto tried = tryAcquireOnce(options.lease);
        if (tried && !tried->acquired)
            desk->markReady(*seat); // subscribed, no script in flight: a holder may hand over
        return tried;
    };
    auto waited = m_subscriber.waitFor(waitChannel(), attempt, deadline, options.cancel, &registry, holdOff,
        seat ? desk->grantChannelOf(*seat) : std::string());
    if (seat) {
        const bool acquired = waited && waited->outcome == AcquireOutcome::Acquired;
        auto given = resolveGrant(desk->leave(*seat, acquired));
        if (!acquired && (!given || given->acquired)) {
            // A holder handed the lock over just as the wait ended: it is ours all the same.
            if (!given)
                waited = given.error();
            else
                waited = UnlockSubscriber::Ending {AcquireOutcome::Acquired, *given};
        }
    }
    if (waited && waited->attempt.handedOver)
        m_handedTurn = std::move(turn); // see m_handedTurn
    return waited;
}

std::shared_ptr<HandoffDesk> RedissonHashLock::handoffDesk()
{
    if (!m_desk) {
        m_desk = HandoffDesk::forKey(m_options.describe() + "|" + m_options.user + "|"
            + std::to_string(m_options.database) + "|" + std::string(lockAlgorithmName(kind()))
            + (m_fencing == Fencing::On ? "|" : "|unfenced|") + m_name);
    }
    return m_desk;
}

Result<UnlockSubscriber::Attempt> RedissonHashLock::resolveGrant(const HandoffDesk::Grant& grant)
{
    if (grant.unknown)
        return claimUnknownGrant();
    Attempt attempt;
    if (grant.granted) {
        attempt.acquired = true;
        attempt.startedHold = true;
        attempt.fence = grant.fence;
        attempt.count = 1;
        attempt.handedOver = true;
    }
    return attempt;
}

Result<UnlockSubscriber::Attempt> RedissonHashLock::claimUnknownGrant()
{
    auto conn = connection();
    if (!conn)
        return conn.error();
    std::vector<RedisCommand> commands {{"HEXISTS", m_name, holderField()}};
    if (m_fencing == Fencing::On)
        commands.push_back({"GET", LockKeyNames::fenceCounter(m_name)});
    auto replies = (*conn)->pipeline(commands);
    if (!replies)
        return replies.error();
    Attempt attempt;
    if (replies->size() == commands.size() && (*replies)[0].toInteger() == 1) {
        // We hold nothing ourselves (a waiter), so our field there is the handed-over hold.
        attempt.acquired = true;
        attempt.startedHold = true;
        if (m_fencing == Fencing::On)
            attempt.fence = (*replies)[1].toInteger();
        attempt.count = 1;
    }
    return attempt;
}

std::vector<std::string> RedissonHashLock::candidateArguments(
    const std::vector<HandoffDesk::Candidate>& candidates)
{
    std::vector<std::string> arguments;
    for (const auto& candidate : candidates) {
        arguments.push_back(candidate.field);
        arguments.push_back(std::to_string(candidate.lease.count()));
        arguments.push_back(candidate.grantChannel);
    }
    return arguments;
}

void RedissonHashLock::releaseRemainingHold()
{
    while (m_count > 0) {
        auto released = release();
        if (!released || *released == HoldOutcome::Lost)
            break;
    }
    endHold();
}

void RedissonHashLock::endHold()
{
    m_renewal.end();
    m_count = 0;
    m_fence.reset();
}

Result<HoldOutcome> RedissonHashLock::release()
{
    if (m_count <= 0)
        return makeError(ErrorKind::Usage, "release() on " + m_name + " without a hold");
    m_handedTurn.reset();
    std::shared_ptr<HandoffDesk> desk;
    std::vector<HandoffDesk::Candidate> offered;
    if (m_count == 1 && handsOffLocally()) {
        desk = handoffDesk();
        offered = desk->offer(handoffCandidates);
    }
    auto unlocked = handsOffLocally()
        ? runUnlockHandingOff(m_lease, offered, desk ? desk->handoffStreak() : 0)
        : runUnlock(m_lease);
    if (desk) {
        std::optional<HandoffDesk::SeatId> chosen;
        std::optional<long long> fence; // none when unfenced
        if (unlocked && unlocked->isArray() && unlocked->size() == 3 && unlocked->at(0).toInteger() == 3) {
            const auto index = unlocked->at(1).toInteger().value_or(0);
            if (index >= 1 && index <= static_cast<long long>(offered.size()))
                chosen = offered[static_cast<size_t>(index - 1)].seat;
            fence = unlocked->at(2).toInteger();
        }
        desk->settle(offered, chosen, fence, !unlocked);
        if (chosen) {
            // The waiter holds it now; trying again at once could only fail.
            m_courtesyUntil = Clock::now() + courtesyWindow;
            endHold();
            return HoldOutcome::Done;
        }
    }
    if (!unlocked)
        return unlocked.error();
    if (unlocked->isNil()) {
        endHold();
        return HoldOutcome::Lost;
    }
    const bool withReach = unlocked->isArray() && unlocked->size() == 2;
    const auto answer = withReach ? unlocked->at(0).toInteger() : unlocked->toInteger();
    const long long reached = withReach ? unlocked->at(1).toInteger().value_or(0) : 0;
    if (reached > 0)
        m_courtesyUntil = Clock::now() + courtesyWindow;
    if (desk && !offered.empty() && reached > 1) {
        // A ready local waiter was passed over for waiters of other processes (the kind's
        // bound on handoffs in a row): they get the notice, and this process holds back.
        desk->yieldUntil(Clock::now() + courtesyWindow);
    }
    if (!answer)
        return makeError(
            ErrorKind::Protocol, "unexpected reply to an unlock script: " + unlocked->describe());
    --m_count;
    if (*answer == 1 || m_count <= 0)
        endHold();
    return HoldOutcome::Done;
}

Result<HoldOutcome> RedissonHashLock::extend(std::chrono::milliseconds lease)
{
    if (m_count <= 0)
        return makeError(ErrorKind::Usage, "extend() on " + m_name + " without a hold");
    auto conn = connection();
    if (!conn)
        return conn.error();
    auto renewed = (*conn)->command(renewalCommand(lease));
    if (!renewed)
        return renewed.error();
    if (renewed->toInteger() != 1) {
        endHold();
        return HoldOutcome::Lost;
    }
    m_lease = lease;
    return HoldOutcome::Done;
}

Result<bool> RedissonHashLock::isHeld()
{
    std::lock_guard lock(m_probeMutex);
    auto probe = LazyConnection::in(m_probe, m_options);
    if (!probe)
        return probe.error();
    auto exists = (*probe)->command({"HEXISTS", m_name, holderField()});
    if (!exists)
        return exists.error();
    return exists->toInteger() == 1;
}

} // namespace lockscope
