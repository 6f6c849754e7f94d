#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// Where the waiters of one lock inside this process offer themselves for an in-process
// handoff (RedissonHashLock): a holder that ends its hold while a local waiter is ready hands
// the lock to it in its own unlock script (one atomic step: the hold ends and the waiter's
// hold begins, in Redisson's format) and the script publishes the new hold's fence on the
// waiter's own grant channel. The waiter, blocked on its subscription, learns it holds the
// lock from that message: one round trip and one thread wake-up per handoff, where a release
// followed by the waiter's own acquire costs two round trips and the same wake-up.
//
// A seat is offered only while its waiter is subscribed and not running an acquire script
// (ready): a waiter that is not subscribed would miss the message, and one whose own script
// is in flight would re-enter the hold it was just given. While an offer is in flight
// (between the holder's offer() and settle()), the offered waiters that want to run a script
// or leave wait for it to settle, so none of them ever misses a grant or stops waiting with a
// hold it does not know about.
class HandoffDesk
{
public:
    using SeatId = std::uint64_t;

    // One desk per key (server + kind + lock name) and process; it lives while someone uses it.
    static std::shared_ptr<HandoffDesk> forKey(const std::string& key);

    struct Candidate
    {
        SeatId seat = 0;
        std::string field; // the waiter's hash field
        std::chrono::milliseconds lease {0}; // the lease the waiter asked for
        std::string grantChannel; // where the script publishes the new hold's fence (or '')
        // Run by the giver, on its thread, once the handoff to this seat is done (the
        // reentrant lock moves its LocalWaitLine on there: see LocalWaitLine::Turn::leaver).
        std::function<void()> onGranted;
    };

    // What a seat learned when it stopped being ready.
    struct Grant
    {
        bool granted = false; // a handoff made this seat the holder, with `fence`
        bool unknown = false; // a handoff to this seat may have happened: the holder's script failed
        std::optional<long long> fence; // none when the lock is unfenced
    };

    // The waiter's side. A seat starts busy; `grantChannel` is derived from the lock name,
    // field and seat so that it is unique to this wait.
    SeatId join(const std::string& lockName, const std::string& field, std::chrono::milliseconds lease,
        std::function<void()> onGranted = {});
    std::string grantChannelOf(SeatId seat) const;
    void markReady(SeatId seat);
    // Ready without looking at Redis, when a holder of this process holds the lock (noted by
    // noteHeldHere, not yet released): its release will offer the lock to this seat or
    // publish the notice, which the seat's waiter, subscribed by now, hears. Returns how long
    // that hold's lease has left (when to look anyway, in case it ends without a release), or
    // nothing: then the waiter must run its acquire script (the lock may have been freed
    // before it subscribed).
    std::optional<std::chrono::milliseconds> readyIfHeldHere(SeatId seat);
    // A lock object of this process holds the lock now, for `lease`.
    void noteHeldHere(std::chrono::milliseconds lease);
    // Not ready any more (before running a script); waits out an offer in flight.
    Grant markBusy(SeatId seat);
    // The seat is gone. Unless `knowsItsGrant` (the grant message ended the wait), it first
    // waits out an offer in flight, like markBusy, and returns what it learned.
    Grant leave(SeatId seat, bool knowsItsGrant = false);

    // The holder's side: up to `most` ready seats not already offered, the first to join first
    // (for the fair lock: the first in its queue, as they queued in that order), now offered;
    // then settle() with the one the script chose (if any) and its fence. `failed`: the
    // script's outcome is unknown (a connection error).
    std::vector<Candidate> offer(size_t most);
    void settle(const std::vector<Candidate>& offered, std::optional<SeatId> chosen,
        std::optional<long long> fence, bool failed);

    // After a release that passed the lock to other processes' waiters (by the unlock notice),
    // this process's waiters hold back until `until`, so that one of those gets it.
    void yieldUntil(std::chrono::steady_clock::time_point until);
    std::optional<std::chrono::steady_clock::time_point> yieldingUntil() const;

    // Seats a release would offer the lock to now.
    size_t readyCount() const;
    // Consecutive handoffs, for the cross-process bound of the reentrant lock (ReentrantLock).
    int handoffStreak() const;

private:
    struct Seat
    {
        Candidate candidate;
        bool ready = false;
        bool offered = false;
        Grant grant;
    };

    mutable std::mutex m_mutex;
    std::condition_variable m_settled;
    std::map<SeatId, Seat> m_seats; // by id: join order
    int m_streak = 0;
    // Until the holder's offer(): see readyIfHeldHere.
    std::optional<std::chrono::steady_clock::time_point> m_heldHereUntil;
    std::optional<std::chrono::steady_clock::time_point> m_yieldUntil;
};

} // namespace lockscope
