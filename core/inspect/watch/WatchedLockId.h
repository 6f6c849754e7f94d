#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace lockscope {

// Which lock an entry of the watcher's map is: views of the node and the name inside the
// snapshot the entry keeps, not copies (a watcher keeps every lock it sees, so a copy of
// each lock's node and name would be paid 100,000 times on a large server). When the entry
// keeps a new snapshot of the lock, the views move to it: the same bytes, so the map's order
// holds.
struct WatchedLockId
{
    mutable std::string_view node;
    mutable std::string_view name;

    friend bool operator<(const WatchedLockId& a, const WatchedLockId& b)
    {
        return a.node != b.node ? a.node < b.node : a.name < b.name;
    }
    friend bool operator==(const WatchedLockId& a, const WatchedLockId& b)
    {
        return a.name == b.name && a.node == b.node;
    }
    // A watcher looks its locks up several times per change: hashed, not walked down a tree of
    // string comparisons.
    struct Hash
    {
        size_t operator()(const WatchedLockId& id) const noexcept
        {
            const size_t name = std::hash<std::string_view>()(id.name);
            return name
                ^ (std::hash<std::string_view>()(id.node) + 0x9e3779b97f4a7c15ULL + (name << 6)
                    + (name >> 2));
        }
    };
};

} // namespace lockscope
