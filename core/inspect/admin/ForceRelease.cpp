#include "inspect/admin/ForceRelease.h"

#include "inspect/LockNaming.h"
#include "inspect/admin/ObservedLockScript.h"
#include "inspect/admin/ObservedLockState.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "locks/primitives/CompareAndDelete.h"

namespace lockscope {

namespace {

// ARGV from base: the wake-up channel, its message, '1' to publish to the head waiter's own
// channel, the announcement channel and message, '1' to SPUBLISH too, the number of companion
// keys, the signal list's expiry in ms (its key, when there is one, comes after the companions),
// then any further channels.
const std::string releaseAction = R"LUA(
local state = unchanged()
if state ~= 1 then return {state, 0} end
redis.call('del', KEYS[1])
local companions = tonumber(ARGV[base + 6])
for i = 3, 2 + companions do redis.call('del', KEYS[i]) end
local channel = ARGV[base]
local message = ARGV[base + 1]
local notified = 0
local function publish(to)
  notified = notified + redis.call('publish', to, message)
  if ARGV[base + 5] == '1' then
    local count = redis.pcall('spublish', to, message)
    if type(count) == 'number' then notified = notified + count end
  end
end
if channel ~= '' then
  if ARGV[base + 2] == '1' then
    local head = redis.call('lindex', KEYS[2], 0)
    if head then publish(channel .. ':' .. head) end
  else
    publish(channel)
  end
end
for i = base + 8, #ARGV do publish(ARGV[i]) end
local signal = KEYS[3 + companions]
if signal then
  redis.call('del', signal)
  redis.call('lpush', signal, '1')
  redis.call('pexpire', signal, ARGV[base + 7])
  notified = notified + 1
end
-- announced in the same step as the delete, so that a watcher reads both together; an ACL
-- that refuses the channel does not undo the release
redis.pcall('publish', ARGV[base + 3], ARGV[base + 4])
return {1, notified}
)LUA";

UserText releasedMessage()
{
    return UserText(LOCKSCOPE_TEXT("ForceRelease", "released"));
}
UserText goneMessage()
{
    return UserText(LOCKSCOPE_TEXT("ForceRelease", "nothing to release: the lock is gone already"));
}
UserText changedMessage()
{
    return UserText(LOCKSCOPE_TEXT(
        "ForceRelease", "not released: the lock changed since it was observed (a new holder?)"));
}

// A plain string lock on a server with its own compare-and-delete (DELIFEQ, DELEX): no script.
// When it deletes nothing, EXISTS tells a lock that is gone from one that changed (a key that
// expires in between reads as gone, which it then is).
Result<AdminResult> releaseNatively(RedisConnection& connection, const RedisCommand& compareAndDelete,
    const std::string& key, const std::string& lockName)
{
    auto reply = connection.command(compareAndDelete);
    if (!reply) {
        if (reply.error().message.rfind("WRONGTYPE", 0) == 0) // no longer a string: changed
            return ObservedLockScript::result(-1, releasedMessage(), goneMessage(), changedMessage());
        return reply.error();
    }
    if (!reply->isInteger() || (reply->integer() != 0 && reply->integer() != 1))
        return makeError(ErrorKind::Protocol, compareAndDelete.front() + " replied " + reply->describe());
    if (reply->integer() == 1) {
        // No script to announce it in: right after (an ACL that refuses it changes nothing).
        (void)connection.command({"PUBLISH", std::string(LockNaming::forceReleaseChannel), lockName});
        return ObservedLockScript::result(1, releasedMessage(), goneMessage(), changedMessage());
    }
    auto exists = connection.command({"EXISTS", key});
    if (!exists)
        return exists.error();
    if (!exists->isInteger())
        return makeError(ErrorKind::Protocol, "EXISTS replied " + exists->describe());
    return ObservedLockScript::result(
        exists->integer() == 0 ? 0 : -1, releasedMessage(), goneMessage(), changedMessage());
}

// A format's own release script (LockRecognizer::ownRelease): it compares and acts in one step;
// the announcement for the watchers follows when it released.
Result<AdminResult> releaseByLibrary(
    RedisConnection& connection, const RedisCommand& script, const std::string& lockName)
{
    auto reply = connection.command(script);
    if (!reply)
        return reply.error();
    // A script replies {state, notified}; a plain command (CLIENT KILL ID) how many it ended.
    auto state = reply->isInteger() ? std::optional<long long>(reply->integer() > 0 ? 1 : 0)
                                    : reply->at(0).toInteger();
    auto notified = reply->isInteger() ? std::optional<long long>(0) : reply->at(1).toInteger();
    if ((!reply->isArray() && !reply->isInteger()) || !state || !notified || *state < -1 || *state > 1)
        return makeError(ErrorKind::Protocol, "the release replied " + reply->describe());
    if (*state == 1)
        (void)connection.command({"PUBLISH", std::string(LockNaming::forceReleaseChannel), lockName});
    UserText released = *notified > 0
        ? UserText(LOCKSCOPE_TEXT("ForceRelease", "released; %1 waiting client(s) notified"), *notified)
        : releasedMessage();
    auto result = ObservedLockScript::result(*state, std::move(released), goneMessage(), changedMessage());
    result.notified = *notified;
    return result;
}

} // namespace

Result<AdminResult> ForceRelease::release(RedisConnection& connection, const LockSnapshot& observed)
{
    if (connection.options().readOnly)
        return makeError(ErrorKind::ReadOnlyRefused, "release refused: the connection is read-only");
    for (const LockRecognizer* recognizer : RecognizerCatalog::all()) {
        if (auto own = recognizer->ownRelease(observed))
            return releaseByLibrary(connection, *own, observed.name);
    }
    auto state = ObservedLockState::from(observed);
    if (!state)
        return state.error();
    // The format that made the lock knows how its library wakes the waiters.
    ReleaseWakeUp wakeUp;
    for (const LockRecognizer* recognizer : RecognizerCatalog::all()) {
        if (auto own = recognizer->wakeUpOnRelease(observed); own && !wakeUp.wakesAnyone())
            wakeUp = *own;
    }
    // Waking waiters needs the script; a bare compare-and-delete cannot publish or push.
    if (state->shape == ObservedLockState::Shape::StringValue && state->companionKeys.empty()
        && !wakeUp.wakesAnyone()) {
        auto capabilities = ServerCapabilities::of(connection);
        if (!capabilities)
            return capabilities.error();
        if (auto native = CompareAndDelete::nativeCommand(*capabilities, state->key, state->value))
            return releaseNatively(connection, *native, state->key, observed.name);
    }

    std::vector<std::string> arguments {wakeUp.channel, wakeUp.message, wakeUp.toHeadWaiter ? "1" : "0",
        std::string(LockNaming::forceReleaseChannel), observed.name, wakeUp.alsoSharded ? "1" : "0",
        std::to_string(state->companionKeys.size()), std::to_string(wakeUp.signalExpireMs)};
    arguments.insert(arguments.end(), wakeUp.moreChannels.begin(), wakeUp.moreChannels.end());
    std::vector<std::string> extraKeys;
    if (!wakeUp.signalList.empty())
        extraKeys.push_back(wakeUp.signalList);
    auto reply = connection.command(
        ObservedLockScript::call(releaseAction, *state, observed.name, arguments, extraKeys));
    if (!reply)
        return reply.error();
    auto state0 = reply->at(0).toInteger();
    auto notified = reply->at(1).toInteger();
    if (!reply->isArray() || !state0 || !notified)
        return makeError(ErrorKind::Protocol, "the release script replied " + reply->describe());
    UserText released = !wakeUp.wakesAnyone()
        ? releasedMessage()
        : UserText(LOCKSCOPE_TEXT("ForceRelease", "released; %1 waiting client(s) notified"), *notified);
    auto result = ObservedLockScript::result(*state0, std::move(released), goneMessage(), changedMessage());
    result.notified = *notified;
    return result;
}

} // namespace lockscope
