#pragma once

namespace lockscope {

// What following the locks has cost so far.
struct WatchStats
{
    long long notifications = 0; // keyspace notifications received
    long long ignored = 0; // of those, the ones no lock can be behind: they cost nothing
    // Of those, the ones that cost no re-read of their own: their lock was re-read once for all
    // the notifications about it that were pending together.
    long long coalesced = 0;
    long long rereads = 0; // single locks re-read (notified, or due to expire)
    long long unknownKeysRead = 0; // notified keys of no known lock that were read
    // Notifications whose change was not read: over the budget of unknown keys (found by the next
    // re-listing), or dropped while the watcher was too far behind (it re-listed at once).
    long long skipped = 0;
    long long relistings = 0; // re-listings after falling behind or a broken subscription
    long long lagMs = 0; // how long the last changes read waited after they were notified
};

} // namespace lockscope
