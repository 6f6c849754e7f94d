#include "inspect/LockSnapshotJson.h"

namespace lockscope {

void LockSnapshotJson::write(JsonWriter& json, const LockSnapshot& lock, std::string_view server)
{
    json.beginObject();
    if (!server.empty())
        json.key("server").string(server);
    // Names, keys and holders are Redis bytes: name_base64 (...) when they are not UTF-8.
    json.bytesField("name", lock.shownName());
    if (!lock.apiName.empty())
        json.bytesField("lockscope_name", lock.name);
    json.key("kind").string(lockKindName(lock.kind));
    json.key("library").string(lockLibraryName(lock.library));
    json.key("confidence").number(lock.confidence);
    json.key("possible").boolean(lock.possible);
    json.key("reason").string(lock.reason.english());
    json.key("node").string(lock.node);
    json.bytesListField("keys", lock.keys);
    json.key("ttl_ms").optionalNumber(lock.ttlMs);
    json.key("holders").beginArray();
    for (const auto& holder : lock.holders) {
        json.beginObject();
        json.bytesField("owner", holder.owner);
        if (!holder.clientUuid.empty()) {
            json.key("client_uuid").string(holder.clientUuid.get());
            json.key("thread_id").string(holder.threadId.get());
        }
        json.key("count").number(holder.count);
        json.key("mode").string(holderModeName(holder.mode));
        json.key("expires_at_ms").optionalNumber(holder.expiresAtMs);
        if (!holder.resource.empty())
            json.key("resource").string(holder.resource.get());
        json.endObject();
    }
    json.endArray();
    json.key("waiters").beginArray();
    for (const auto& waiter : lock.waiters) {
        json.beginObject();
        json.bytesField("owner", waiter.owner);
        json.key("deadline_ms").optionalNumber(waiter.deadlineMs);
        json.key("source").string(waiterSourceName(waiter.source));
        json.endObject();
    }
    json.endArray();
    json.key("waiter_count").number(lock.waiterCount);
    json.key("fence").optionalNumber(lock.fence);
    json.key("permits_available").optionalNumber(lock.permitsAvailable);
    json.key("stuck").boolean(lock.stuck);
    json.key("stuck_reason").string(lock.stuckReason.get().english());
    json.key("notes").beginArray();
    for (const auto& note : lock.notes)
        json.string(note.english());
    json.endArray();
    if (!lock.releaseWarning.empty())
        json.key("release_warning").string(lock.releaseWarning.get().english());
    json.endObject();
}

std::string LockSnapshotJson::toString(const LockSnapshot& lock, std::string_view server)
{
    JsonWriter json;
    write(json, lock, server);
    return json.text();
}

} // namespace lockscope
