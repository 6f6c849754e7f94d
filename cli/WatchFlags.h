#pragma once

#include "common/Result.h"
#include "inspect/watch/LockWatcher.h"

#include <functional>
#include <string>
#include <vector>

namespace lockscope {

// What `watch` and `record` share: the options that say what to watch (--pattern, --lock-pattern)
// and how (--poll MS, --polling, --enable-notifications, --max-server-load PERCENT).
class WatchFlags
{
public:
    // A command's own options: takes args[i] (and its value, moving i past it) or refuses it.
    using OwnOption = std::function<Status(const std::vector<std::string>& args, size_t& i)>;
    // Goes through a command's arguments: the options above into `watch`, every other one to `own`.
    static Status parse(const std::vector<std::string>& args, WatchOptions& watch, const OwnOption& own);
    // The value of args[i], moving i to it; a Usage error when there is none.
    static Result<std::string> valueOf(const std::vector<std::string>& args, size_t& i);

    // A number of 1 or more, as every count and interval of these commands is.
    static Result<long long> positive(const std::string& option, const std::string& text);
};

} // namespace lockscope
