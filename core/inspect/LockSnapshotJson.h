#pragma once

#include "common/JsonWriter.h"
#include "inspect/LockSnapshot.h"

namespace lockscope {

// The JSON form of a lock, shared by `list --json`, `watch --json` and the audit log:
// name, kind, library, confidence, reason, node, keys, ttl_ms, holders [{owner, client_uuid,
// thread_id, count, mode, expires_at_ms}], waiters [{owner, deadline_ms, source}], waiter_count,
// fence, permits_available, stuck, stuck_reason, notes. Absent numbers are null. Given a
// `server` (the fleet member the lock is on), it comes first.
class LockSnapshotJson
{
public:
    static void write(JsonWriter& json, const LockSnapshot& lock, std::string_view server = {});
    static std::string toString(const LockSnapshot& lock, std::string_view server = {});
};

} // namespace lockscope
