#pragma once

#include "inspect/admin/AdminResult.h"
#include "inspect/admin/ObservedLockState.h"
#include "redis/CommandPolicy.h"

#include <string>
#include <vector>

namespace lockscope {

// The Lua shared by the conditional admin actions: `unchanged()` returns 1 when KEYS[1] still
// holds the observed state (ObservedLockState::compareArguments after ARGV[1] = 'hash' or
// 'string'), 0 when the key is gone, -1 when it changed; `base` indexes the first argument of
// the action itself.
class ObservedLockScript
{
public:
    static std::string withAction(const std::string& actionLua);
    // The EVAL of withAction(actionLua) against `state`, with the layout every action reads:
    // KEYS = the lock key, the Redisson queue of `lockName` (a fair lock's waiters), then the
    // companion keys, then `extraKeys` (keys the action writes); ARGV = the comparison, then
    // `actionArguments` from ARGV[base] on.
    static RedisCommand call(const std::string& actionLua, const ObservedLockState& state,
        const std::string& lockName, const std::vector<std::string>& actionArguments,
        const std::vector<std::string>& extraKeys = {});
    // The result of an action from the state unchanged() returned (1 acted, 0 the key is gone,
    // -1 it changed), with the message for that outcome.
    static AdminResult result(
        long long state, UserText doneMessage, UserText goneMessage, UserText changedMessage);
};

} // namespace lockscope
