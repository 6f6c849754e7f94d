#pragma once

#include "inspect/LockSnapshot.h"

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// How a hold ended. Open: still held when last seen. Lost: the holder was gone after a gap in
// watching, so nobody saw whether it was released or expired.
enum class HoldEnding
{
    Open = 0,
    Released = 1,
    Expired = 2,
    ForceReleased = 3,
    Lost = 4,
};

std::string_view holdEndingName(HoldEnding ending); // open, released, expired, force-released, lost

// One holder's span on one lock, as derived from the lock events.
struct HoldRecord
{
    std::string lock; // raw bytes of the lock name
    // The library's name for the lock (LockSnapshot::apiName, e.g. Laravel's without its
    // prefixes); empty where that is the key, or in a history written before it was kept.
    std::string apiName;
    std::string node;
    // The server whose recorder saw it (HistoryOptions::source, as `list --json` names it); empty
    // in a history written before servers were named.
    std::string server;
    std::string kind;
    std::string library;
    std::string holder; // raw bytes of the holder id (hash field, token, permit id)
    HolderMode mode = HolderMode::Exclusive; // stored by its name (holderModeNames)
    long long startedMs = 0; // epoch ms when first seen held (a hold found at start-up: then)
    std::optional<long long> endedMs; // nullopt while open; for Lost: when last seen
    HoldEnding ending = HoldEnding::Open;
    std::optional<long long> fence;
    long long maxReentries = 1;
    long long maxWaiters = 0;

    // Ends this hold (still open) as `end`, the same hold as last seen, says: what a store's
    // UPDATE of a hold's end does, for a hold not written yet.
    void endAs(const HoldRecord& end);

    // Until `nowMs` for open holds.
    long long durationMs(long long nowMs) const { return (endedMs ? *endedMs : nowMs) - startedMs; }
};

} // namespace lockscope
