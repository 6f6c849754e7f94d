#pragma once

#include "common/CancellationToken.h"
#include "fleet/FleetMember.h"
#include "fleet/FleetObserver.h"
#include "fleet/ServerWatch.h"

#include <atomic>
#include <thread>
#include <vector>

namespace lockscope {

struct FleetWatchOptions
{
    // Each member's watch, its reconnect pauses included (ServerWatch).
    ServerWatchOptions server;
    // After a reconnect, report what changed while away as events (watch does; a recorder that
    // resynchronises from watching()'s listing does not need them).
    bool reportChangesWhileAway = true;
};

// Watches every member of a fleet, each with a ServerWatch on a thread of its own with its own
// connections: a server that hangs (SIGSTOP) or dies delays only its own events, and a member
// whose settings fail (wrong password, ACL) is given up, not hammered.
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
