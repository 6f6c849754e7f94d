#include "locks/waiting/HandoffDesk.h"

#include "locks/LockKeyNames.h"
#include "locks/waiting/SharedPerKey.h"

#include <algorithm>
#include <atomic>

namespace lockscope {

std::shared_ptr<HandoffDesk> HandoffDesk::forKey(const std::string& key)
{
    return sharedPerKey<HandoffDesk>(key);
}

HandoffDesk::SeatId HandoffDesk::join(const std::string& lockName, const std::string& field,
    std::chrono::milliseconds lease, std::function<void()> onGranted)
{
    // Unique in the process, so a channel never outlives its wait (a late message of an earlier
    // wait cannot be taken for a grant of this one).
    static std::atomic<SeatId> nextSeat {1};
    const SeatId id = nextSeat.fetch_add(1);
    Seat seat;
    seat.candidate.seat = id;
    seat.candidate.field = field;
    seat.candidate.lease = lease;
    seat.candidate.onGranted = std::move(onGranted);
    seat.candidate.grantChannel = LockKeyNames::lockscopeHandoff(lockName, field, id);
    std::lock_guard lock(m_mutex);
    m_seats.emplace(id, std::move(seat));
    return id;
}

std::string HandoffDesk::grantChannelOf(SeatId seat) const
{
    std::lock_guard lock(m_mutex);
    auto found = m_seats.find(seat);
    return found == m_seats.end() ? std::string() : found->second.candidate.grantChannel;
}

void HandoffDesk::markReady(SeatId seat)
{
    std::lock_guard lock(m_mutex);
    if (auto found = m_seats.find(seat); found != m_seats.end() && !found->second.grant.granted)
        found->second.ready = true;
}

std::optional<std::chrono::milliseconds> HandoffDesk::readyIfHeldHere(SeatId seat)
{
    std::lock_guard lock(m_mutex);
    auto found = m_seats.find(seat);
    if (!m_heldHereUntil || found == m_seats.end() || found->second.grant.granted)
        return std::nullopt;
    found->second.ready = true;
    const auto left
        = std::chrono::ceil<std::chrono::milliseconds>(*m_heldHereUntil - std::chrono::steady_clock::now());
    return std::max(left, std::chrono::milliseconds(0));
}

void HandoffDesk::noteHeldHere(std::chrono::milliseconds lease)
{
    std::lock_guard lock(m_mutex);
    m_heldHereUntil = std::chrono::steady_clock::now() + lease;
}

HandoffDesk::Grant HandoffDesk::markBusy(SeatId seat)
{
    std::unique_lock lock(m_mutex);
    auto found = m_seats.find(seat);
    if (found == m_seats.end())
        return {};
    found->second.ready = false;
    // The holder's script runs one round trip; the holder settles right after its reply.
    m_settled.wait(lock, [&] { return !found->second.offered; });
    Grant grant = found->second.grant;
    found->second.grant.unknown = false; // reported once; the caller resolves it
    return grant;
}

HandoffDesk::Grant HandoffDesk::leave(SeatId seat, bool knowsItsGrant)
{
    // A waiter that read its grant message must not wait for the giver's settle(): that would
    // put a second thread wake-up on the handoff path.
    Grant grant = knowsItsGrant ? Grant {} : markBusy(seat);
    std::lock_guard lock(m_mutex);
    m_seats.erase(seat);
    return grant;
}

std::vector<HandoffDesk::Candidate> HandoffDesk::offer(size_t most)
{
    std::vector<Candidate> offered;
    std::lock_guard lock(m_mutex);
    m_heldHereUntil.reset(); // the hold ends with this release (or passes to a seat: settle)
    for (auto& [id, seat] : m_seats) {
        if (offered.size() >= most)
            break;
        if (seat.ready && !seat.offered) {
            seat.offered = true;
            offered.push_back(seat.candidate);
        }
    }
    return offered;
}

void HandoffDesk::settle(const std::vector<Candidate>& offered, std::optional<SeatId> chosen,
    std::optional<long long> fence, bool failed)
{
    {
        std::lock_guard lock(m_mutex);
        for (const auto& candidate : offered) {
            auto found = m_seats.find(candidate.seat);
            if (found == m_seats.end())
                continue; // it learned of its grant from the message and left already
            Seat& seat = found->second;
            seat.offered = false;
            if (failed) {
                seat.grant.unknown = true;
            } else if (chosen == candidate.seat) {
                seat.grant.granted = true;
                seat.grant.fence = fence;
                seat.ready = false;
                // Only while its seat is here: a new holder that read its grant message first
                // has left, notes its hold itself (noteHeldHere) and may even have released it
                // by now; a note from us would then claim a hold that is over, and the next
                // waiter would sleep through the free lock until that lease ran out.
                m_heldHereUntil = std::chrono::steady_clock::now() + candidate.lease;
            }
        }
        if (failed || !chosen)
            m_streak = 0;
        else
            ++m_streak;
    }
    m_settled.notify_all();
    // Even when the new holder left already (it read its grant message first).
    for (const auto& candidate : offered) {
        if (chosen == candidate.seat && candidate.onGranted)
            candidate.onGranted();
    }
}

void HandoffDesk::yieldUntil(std::chrono::steady_clock::time_point until)
{
    std::lock_guard lock(m_mutex);
    m_yieldUntil = until;
}

std::optional<std::chrono::steady_clock::time_point> HandoffDesk::yieldingUntil() const
{
    std::lock_guard lock(m_mutex);
    if (m_yieldUntil && *m_yieldUntil > std::chrono::steady_clock::now())
        return m_yieldUntil;
    return std::nullopt;
}

size_t HandoffDesk::readyCount() const
{
    std::lock_guard lock(m_mutex);
    size_t ready = 0;
    for (const auto& [id, seat] : m_seats)
        ready += seat.ready && !seat.offered ? 1 : 0;
    return ready;
}

int HandoffDesk::handoffStreak() const
{
    std::lock_guard lock(m_mutex);
    return m_streak;
}

} // namespace lockscope
