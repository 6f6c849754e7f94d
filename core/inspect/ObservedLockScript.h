#pragma once

#include <string>

namespace lockscope {

// The Lua shared by the conditional admin actions: `unchanged()` returns 1 when KEYS[1] still
// holds the observed state (ObservedLockState::compareArguments after ARGV[1] = 'hash' or
// 'string'), 0 when the key is gone, -1 when it changed; `base` indexes the first argument of
// the action itself.
class ObservedLockScript
{
public:
    static std::string withAction(const std::string& actionLua);
};

} // namespace lockscope
