#pragma once

#include "inspect/scan/GlobPattern.h"

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lockscope {

// Decides, per keyspace notification, whether its key can belong to a lock, before anything is
// read: a busy server takes tens of thousands of writes a second, almost none of them locks, and
// a read for each would cost the server more than the writes. A key can belong to a lock when it
// is a known lock's (by name; keys named unlike their lock are claimed by their format), when a
// format or one of the user's lock patterns claims its name (RecognizerCatalog::claimsName), or
// when it was given a TTL (`expire`: the event SET NX PX/EX raises after its `set`, and Redisson's
// and the semaphores' scripts after their hash and sorted-set writes). Everything else costs
// nothing. Called on the subscription's drain thread; the watcher tells it the locks it knows.
class NotificationTriage
{
public:
    enum class Verdict
    {
        Ignore, // no lock can be there
        Candidate, // a known lock's key, or a name a format claims
        TtlOnly, // an unknown key under a plain name that was given a TTL: read within a budget
    };

    explicit NotificationTriage(std::vector<std::string> lockPatterns = {});

    // On one thread only (the drain's): it keeps a cache.
    Verdict judge(std::string_view key, unsigned events) const;
    // Known locks whose names no format claims (locks under plain names): their removals and
    // writes must reach the watcher too. Claimed names need no entry (the call is cheap then).
    void know(const std::string& lockName);
    void forget(const std::string& lockName);
    // Whether `name` is claimed without knowing it (a format or a lock pattern says so).
    bool claims(std::string_view name) const;
    // `key` with every word of up to 15 digits as one '#' (`user:1042:cart` -> `user:#:cart`; words
    // split at anything not a letter or digit): no format claims a name by such a number, so keys
    // of one shape are claimed alike, and a cache by shape spares asking the whole catalogue for
    // every key of a busy server (tested for every format's keys).
    static void shapeOf(std::string_view key, std::string& shape);

private:
    // Looked up by a view of the notified key, without copying it.
    struct NameHash
    {
        using is_transparent = void;
        size_t operator()(std::string_view name) const noexcept
        {
            return std::hash<std::string_view> {}(name);
        }
    };

    // Whether the catalogue claims a key of this shape, as judge() found (bounded: cleared when
    // full).
    bool claimsByShape(std::string_view key) const;
    static constexpr size_t shapesKept = 4096;

    std::vector<GlobPattern> m_lockPatterns;
    mutable std::unordered_map<std::string, bool, NameHash, std::equal_to<>> m_claimsByShape;
    mutable std::string m_shape;
    mutable std::mutex m_mutex;
    std::unordered_set<std::string, NameHash, std::equal_to<>> m_plainNamedLocks;
};

} // namespace lockscope
