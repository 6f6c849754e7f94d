#include "inspect/admin/ObservedLockScript.h"

#include "inspect/LockNaming.h"
#include "locks/LockKeyNames.h"

namespace lockscope {

std::string ObservedLockScript::withAction(const std::string& actionLua)
{
    static const std::string compare = R"LUA(
local function unchanged()
  local t = redis.call('type', KEYS[1])['ok']
  if t == 'none' then return 0 end
  if ARGV[1] == 'string' then
    if t ~= 'string' or redis.call('get', KEYS[1]) ~= ARGV[3] then return -1 end
    return 1
  end
  if t ~= 'hash' then return -1 end
  local n = tonumber(ARGV[2])
  if redis.call('hlen', KEYS[1]) ~= n then return -1 end
  for i = 1, n do
    if redis.call('hget', KEYS[1], ARGV[1 + 2 * i]) ~= ARGV[2 + 2 * i] then return -1 end
  end
  return 1
end
local base = 4
if ARGV[1] ~= 'string' then base = 3 + 2 * tonumber(ARGV[2]) end
)LUA";
    return compare + actionLua;
}

RedisCommand ObservedLockScript::call(const std::string& actionLua, const ObservedLockState& state,
    const std::string& lockName, const std::vector<std::string>& actionArguments,
    const std::vector<std::string>& extraKeys)
{
    RedisCommand command {"EVAL", withAction(actionLua),
        std::to_string(2 + state.companionKeys.size() + extraKeys.size()), state.key,
        LockKeyNames::fairQueue(lockName)};
    command.insert(command.end(), state.companionKeys.begin(), state.companionKeys.end());
    command.insert(command.end(), extraKeys.begin(), extraKeys.end());
    command.push_back(state.shape == ObservedLockState::Shape::StringValue ? "string" : "hash");
    for (auto& argument : state.compareArguments())
        command.push_back(std::move(argument));
    command.insert(command.end(), actionArguments.begin(), actionArguments.end());
    return command;
}

AdminResult ObservedLockScript::result(
    long long state, UserText doneMessage, UserText goneMessage, UserText changedMessage)
{
    AdminResult result;
    if (state == 1) {
        result.outcome = AdminOutcome::Done;
        result.message = std::move(doneMessage);
    } else if (state == 0) {
        result.outcome = AdminOutcome::NothingThere;
        result.message = std::move(goneMessage);
    } else {
        result.outcome = AdminOutcome::HolderChanged;
        result.message = std::move(changedMessage);
    }
    return result;
}

} // namespace lockscope
