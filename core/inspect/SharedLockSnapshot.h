#pragma once

#include "inspect/LockSnapshot.h"

#include <memory>

namespace lockscope {

// One lock's snapshot, immutable and shared. The watcher's last-seen state of a lock, the event
// that reports it and the GUI row that shows it hold the same one: a monitor of 100,000 locks
// keeps 100,000 snapshots, not one per holder of a copy. Never empty (a default one is a
// shared empty snapshot), so `->` is always safe.
class SharedLockSnapshot
{
public:
    SharedLockSnapshot();
    // Takes `lock` over (moved in once, never copied after).
    SharedLockSnapshot(LockSnapshot lock);
    explicit SharedLockSnapshot(std::shared_ptr<const LockSnapshot> lock);

    const LockSnapshot& operator*() const { return *m_lock; }
    // Read where a snapshot is read (`const LockSnapshot& lock = event.lock`).
    operator const LockSnapshot&() const { return *m_lock; }
    const LockSnapshot* operator->() const { return m_lock.get(); }
    // Whether this is the default, empty snapshot (no lock was read into it).
    bool isEmpty() const;

private:
    std::shared_ptr<const LockSnapshot> m_lock;
};

} // namespace lockscope
