#pragma once

#include "inspect/watch/LockEvent.h"

#include <string>
#include <vector>

namespace lockscope::test {

// Lock events as the watcher reports them, for feeding the recorder at chosen moments (the
// watcher's own behaviour against Redis is tested in tst_LockWatcher and tst_CliHistory).
inline LockEvent lockEvent(LockEvent::Type type, const std::string& name,
    const std::vector<std::string>& holders, long long atMs, long long reentries = 1, long long waiters = 0)
{
    LockSnapshot lock;
    lock.name = name;
    lock.node = "127.0.0.1:6390";
    lock.kind = LockKind::Reentrant;
    lock.library = LockLibrary::Redisson;
    lock.waiterCount = waiters;
    for (const auto& owner : holders) {
        LockHolder holder;
        holder.owner = owner;
        holder.count = reentries;
        lock.holders.push_back(holder);
    }
    LockEvent event;
    event.type = type;
    event.atMs = atMs;
    event.lock = std::move(lock);
    return event;
}

// The same for a lock on `node` whose library calls it `apiName` (LockSnapshot::apiName).
inline LockEvent namedLockEvent(LockEvent::Type type, const std::string& key, const std::string& apiName,
    const std::vector<std::string>& holders, long long atMs, const std::string& node = "127.0.0.1:6390")
{
    LockEvent event = lockEvent(type, key, holders, atMs);
    LockSnapshot lock = event.lock;
    lock.apiName = apiName;
    lock.node = node;
    event.lock = std::move(lock);
    return event;
}

} // namespace lockscope::test
