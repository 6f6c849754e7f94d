#pragma once

#include "inspect/watch/LockEvent.h"

#include <vector>

namespace lockscope {

// What changed between two listings of one server, as the events a watch would have reported
// had it seen them: the locks that appeared, changed (more than their countdown) and went while
// it was away (a reconnect) or could not tell (a re-listing asked for). The one comparison of
// listings: the supervisor of a watch (ServerWatch) reports these for the CLI and the GUI alike.
class LocksWhileAway
{
public:
    // `before`: what the watch last knew; `now`: the new listing, in its order (the events of
    // locks still there or new come in it, those of locks gone after, in `before`'s order). Each
    // event has missedSinceMs = `lostAtMs` and atMs = `nowMs`. A lock gone ends as Released: how
    // it ended (released or expired) was not seen.
    static std::vector<LockEvent> between(const std::vector<SharedLockSnapshot>& before,
        const std::vector<SharedLockSnapshot>& now, long long lostAtMs, long long nowMs);
};

} // namespace lockscope
