#pragma once

#include <string>
#include <string_view>

namespace lockscope {

// The notify-keyspace-events classes LockScope's watcher reads, and what a server's setting has
// beyond them. Each class a server publishes costs it a message per matching write whether anyone
// listens or not (docs/benchmarks.md, "Notification classes"): LockScope asks for its own only.
class NotificationClasses
{
public:
    // Keyspace channel (K); generic (g: del, expire, rename), string ($), hash (h), list (l: fair
    // lock queues, BLPOP semaphores), sorted set (z) and expired (x) events.
    static constexpr std::string_view needed = "Kg$hlzx";

    // `flags` with `A` spelled out (A = g$lshzxetd), in the server's canonical order.
    static std::string expanded(std::string_view flags);
    // The needed classes `flags` lacks ("" when none).
    static std::string missing(std::string_view flags);
    // The classes `flags` publishes that LockScope does not read (keyevent E, sets s, evicted e,
    // streams t, module d, new n, miss m).
    static std::string unneeded(std::string_view flags);
    // `flags` with the missing classes added, nothing taken away (other clients may read them).
    static std::string withNeeded(std::string_view flags);
};

} // namespace lockscope
