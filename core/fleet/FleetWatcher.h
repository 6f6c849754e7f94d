#pragma once

#include "common/CancellationToken.h"
#include "fleet/FleetMember.h"
#include "fleet/FleetObserver.h"
#include "inspect/watch/LockWatcher.h"

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace lockscope {

struct FleetWatchOptions
{
    WatchOptions watch;
    // The pause after a failure doubles from the first to the longest (as record and the GUI).
    std::chrono::milliseconds firstBackoff {500};
    std::chrono::milliseconds longestBackoff {30000};
    // After a reconnect, report what changed while away as events (watch does; a recorder that
    // resynchronises from watching()'s listing does not need them).
    bool reportChangesWhileAway = true;
};

// Watches every member of a fleet, each on a thread of its own with its own connections,
// LockWatcher and reconnect backoff: a server that hangs (SIGSTOP) or dies delays only its own
// events. A member whose settings fail (wrong password, ACL) is given up, not hammered.
class FleetWatcher
{
public:
    FleetWatcher(std::vector<FleetMember> members, FleetWatchOptions options, FleetObserver& observer);
    ~FleetWatcher(); // stops and joins
    FleetWatcher(const FleetWatcher&) = delete;
    FleetWatcher& operator=(const FleetWatcher&) = delete;

    void start();
    // Asks every member to stop and waits for them (a member blocked on a hung server returns
    // within its command timeout).
    void stop();
    // Whether every member has given up (nothing is left to watch).
    bool allGaveUp() const { return m_gaveUp.load() == m_members.size(); }

    // Whether an error says the member's settings are wrong, so retrying cannot help.
    static bool isSettingsError(const RedisError& error);

private:
    void watchMember(const FleetMember& member);

    std::vector<FleetMember> m_members;
    FleetWatchOptions m_options;
    FleetObserver& m_observer;
    CancellationToken m_cancel;
    std::vector<std::thread> m_threads;
    std::atomic<size_t> m_gaveUp {0};
};

} // namespace lockscope
