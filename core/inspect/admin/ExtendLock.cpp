#include "inspect/admin/ExtendLock.h"

#include "inspect/admin/ObservedLockScript.h"
#include "inspect/admin/ObservedLockState.h"

namespace lockscope {

namespace {

const std::string extendAction = R"LUA(
local state = unchanged()
if state ~= 1 then return state end
local ttl = tonumber(ARGV[base])
local unit = ARGV[base + 1]
if unit ~= '' then
  local now = redis.call('time')
  local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  local value
  if unit == 'ms' then value = string.format('%d', ms + ttl) else value = string.format('%d', math.floor((ms + ttl) / 1000)) end
  local hadTtl = redis.call('pttl', KEYS[1]) >= 0
  redis.call('set', KEYS[1], value, 'KEEPTTL')
  if hadTtl then redis.call('pexpire', KEYS[1], ttl) end
  return 1
end
redis.call('pexpire', KEYS[1], ttl)
for i = 3, #KEYS do redis.call('pexpire', KEYS[i], ttl) end
return 1
)LUA";

} // namespace

Result<AdminResult> ExtendLock::extend(
    RedisConnection& connection, const LockSnapshot& observed, std::chrono::milliseconds ttl)
{
    if (connection.options().readOnly)
        return makeError(ErrorKind::ReadOnlyRefused, "extend refused: the connection is read-only");
    if (ttl.count() <= 0)
        return makeError(ErrorKind::Usage, "extend needs a positive TTL");
    auto state = ObservedLockState::from(observed);
    if (!state)
        return state.error();
    std::string unit;
    if (observed.kind == LockKind::Legacy) {
        const std::string& value = state->value;
        const size_t digits = value.find('.') == std::string::npos ? value.size() : value.find('.');
        unit = digits >= 13 ? "ms" : "s";
    }
    auto reply = connection.command(
        ObservedLockScript::call(extendAction, *state, observed.name, {std::to_string(ttl.count()), unit}));
    if (!reply)
        return reply.error();
    auto code = reply->toInteger();
    if (!code)
        return makeError(ErrorKind::Protocol, "the extend script replied " + reply->describe());
    return ObservedLockScript::result(*code,
        UserText(LOCKSCOPE_TEXT("ExtendLock", "extended to %1 ms"), static_cast<long long>(ttl.count())),
        UserText(LOCKSCOPE_TEXT("ExtendLock", "nothing to extend: the lock is gone")),
        UserText(LOCKSCOPE_TEXT("ExtendLock", "not extended: the lock changed since it was observed")));
}

} // namespace lockscope
