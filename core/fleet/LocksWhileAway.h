#pragma once

#include "inspect/watch/LockEvent.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lockscope {

// The locks a member's watch last knew, kept through a reconnect, so that the new listing can be
// told apart from it: what appeared, changed and went while the server was out of reach.
class LocksWhileAway
{
public:
    // Watching (re)started with `locks`: the changes since the last known state (none the first
    // time), each with missedSinceMs = `lostAtMs`, then `locks` becomes the known state.
    std::vector<LockEvent> restart(
        const std::vector<SharedLockSnapshot>& locks, long long lostAtMs, long long nowMs);
    void apply(const LockEvent& event);
    size_t size() const { return m_known.size(); }

private:
    std::map<std::pair<std::string, std::string>, SharedLockSnapshot> m_known; // node, name -> lock
    bool m_started = false;
};

} // namespace lockscope
