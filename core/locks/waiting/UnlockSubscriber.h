#pragma once

#include "locks/DistributedLock.h"
#include "redis/RedisConnection.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

class WaiterRegistry;

// The waiting half of Redisson's locks: the waiter subscribes to the lock's unlock channel on a
// dedicated connection, then tries again on every message and when the holder's TTL runs out
// (the acquire script returns it), never on a polling interval. Subscribing before the retry
// closes the race with an unlock that happens between the failed try and the subscription.
//
// Latency: a wait that ends with the lock returns at once. The UNSUBSCRIBE is only sent, its
// confirmation is read (and skipped) by the next wait's SUBSCRIBE on the same connection, so
// the handoff path is message -> one acquire script -> return. The connection stays open
// across waits. While subscribing, the caller's registry entry is written on the command
// connection, so both round trips overlap.
//
// A wait may also listen on a grant channel of its own (HandoffDesk): a message there carries
// the fence (empty when unfenced) of a hold that a holder of this process handed to this waiter in its unlock
// script, so the wait ends with the lock without running an acquire script.
class UnlockSubscriber
{
public:
    struct Attempt
    {
        bool acquired = false;
        bool startedHold = false; // this attempt started a new hold (not a re-entry)
        std::optional<long long> fence; // the new hold's fence, when its lock is fenced
        long long count = 0; // re-entry count after the attempt, when acquired
        bool handedOver = false; // acquired by a holder's handoff (HandoffDesk), not by a script of ours
        // When to try again without a message: the holder's remaining TTL (or, for the fair
        // lock, when our queue place needs refreshing). Negative: only on a message.
        std::chrono::milliseconds retryAfter {-1};
    };
    using AttemptFunction = std::function<Result<Attempt>()>;

    struct Ending
    {
        AcquireOutcome outcome = AcquireOutcome::TimedOut;
        Attempt attempt; // the acquiring attempt, when Acquired
    };

    explicit UnlockSubscriber(ConnectionOptions options);
    ~UnlockSubscriber();

    // Waits on `channel` until an attempt acquires, the deadline passes or `cancel` fires.
    // `registry` (may be null) is entered for the wait and refreshed while it lasts; the
    // caller leaves it. With `holdOffUntil`, the first attempt waits for a message or that
    // moment (a courteous releaser letting the waiter it just woke go first). With a
    // `grantChannel`, a message on it ends the wait as Acquired with the fence it carries.
    Result<Ending> waitFor(const std::string& channel, const AttemptFunction& attempt,
        std::optional<std::chrono::steady_clock::time_point> deadline, const CancellationToken* cancel,
        WaiterRegistry* registry,
        std::optional<std::chrono::steady_clock::time_point> holdOffUntil = std::nullopt,
        const std::string& grantChannel = {});

    // How long one read blocks before the cancellation token and the registry are looked at.
    static constexpr std::chrono::milliseconds checkInterval {100};

private:
    // The channels of the current wait: one SUBSCRIBE, one UNSUBSCRIBE for all of them.
    Status subscribe();
    Status sendSubscribe();
    // Reads until the SUBSCRIBE confirmation of the last channel, skipping what earlier waits
    // left unread.
    Status awaitSubscribed();
    // Sends UNSUBSCRIBE without waiting for its confirmation (see the class comment).
    void unsubscribeLater();

    ConnectionOptions m_options;
    std::unique_ptr<RedisConnection> m_connection;
    std::vector<std::string> m_channels;
};

} // namespace lockscope
