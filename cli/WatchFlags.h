#pragma once

#include "cli/CommandArguments.h"
#include "inspect/watch/LockWatcher.h"

namespace lockscope {

// What `watch` and `record` share: the flags that say what to watch (--pattern, --lock-pattern)
// and how (--poll MS, --polling, --enable-notifications), as the watcher's options.
class WatchFlags
{
public:
    static WatchOptions options(const WatchingArguments& arguments);
};

} // namespace lockscope
