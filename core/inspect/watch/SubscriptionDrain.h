#pragma once

#include "common/RedisError.h"
#include "inspect/watch/KeyspaceEvents.h"
#include "inspect/watch/NotificationTriage.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lockscope {

class RedisConnection;
class RedisReply;

// Reads a keyspace-notification subscription on a thread of its own, as fast as the server sends,
// so that the subscription's output buffer on the server stays near empty whatever the watcher is
// doing (a server cuts a subscriber whose buffer passes client-output-buffer-limit pubsub). Each
// notification is judged at once (NotificationTriage): what cannot be a lock's is only counted;
// the rest is coalesced per key (a key written a thousand times while the watcher was reading is
// one entry), bounded: when more keys are pending than the watcher can be behind by, they are
// dropped and counted, and the watcher re-lists instead of queueing without bound.
class SubscriptionDrain
{
public:
    struct Limits
    {
        size_t pendingKeys = 100000; // keys that may be a lock's, pending at most (then: re-list)
        size_t ttlOnlyKeys = 1000; // of those, unknown keys under plain names (then: skipped)
    };
    // A key that may be a lock's, with what its notifications said.
    struct PendingKey
    {
        std::string key;
        KeyspaceEvents::Set events = 0;
        bool plainName = false; // no format claims it and no known lock has it: only its TTL says
    };
    // What arrived since the last take().
    struct Batch
    {
        std::vector<PendingKey> keys; // in first-notified order
        long long candidates = 0; // notifications of those keys (the rest cost nothing)
        std::vector<std::string> announcements; // LockScope force-releases announced (lock names)
        long long notifications = 0; // every notification received, read or not
        long long overflowed = 0; // notifications dropped because too many keys were pending
        long long skippedTtlOnly = 0; // TTL'd keys under plain names dropped over their bound
        std::optional<RedisError> broken; // the subscription ended (nothing more is read)
        std::chrono::steady_clock::time_point oldest {}; // when the first pending one arrived
        bool isEmpty() const { return keys.empty() && announcements.empty() && overflowed == 0 && !broken; }
    };
    // Wakes the thread that takes the batches (one for all the drains of a watcher).
    class Signal
    {
    public:
        void raise();
        // Waits until raised (then lowers it) or `timeout` passed.
        void wait(std::chrono::milliseconds timeout);

    private:
        std::mutex m_mutex;
        std::condition_variable m_condition;
        bool m_raised = false;
    };

    // `subscriber` must be subscribed; it is read only by this drain's thread until stop().
    SubscriptionDrain(
        RedisConnection& subscriber, const NotificationTriage& triage, Limits limits, Signal& signal);
    ~SubscriptionDrain();
    SubscriptionDrain(const SubscriptionDrain&) = delete;
    SubscriptionDrain& operator=(const SubscriptionDrain&) = delete;

    void start();
    void stop(); // joins; the subscriber is the caller's again
    bool isRunning() const { return m_thread.joinable(); }
    Batch take();
    // When the subscription last answered (a notification, or a quiet wait): epoch ms.
    long long lastHeardMs() const { return m_lastHeardMs.load(std::memory_order_relaxed); }

private:
    void drain();
    // Adds one reply to `m_taken` (under the lock).
    void add(const RedisReply& reply, std::chrono::steady_clock::time_point at);

    RedisConnection& m_subscriber;
    const NotificationTriage& m_triage;
    Limits m_limits;
    Signal& m_signal;
    std::thread m_thread;
    std::atomic<bool> m_stop {false};
    std::atomic<long long> m_lastHeardMs {0};
    std::mutex m_mutex;
    Batch m_taken;
    std::unordered_map<std::string, size_t> m_pendingAt; // key -> its place in m_taken.keys
    size_t m_ttlOnlyPending = 0;
};

} // namespace lockscope
