#include "cli/WatchFlags.h"

namespace lockscope {

WatchOptions WatchFlags::options(const WatchingArguments& arguments)
{
    WatchOptions watch;
    watch.inspect.scan.patterns = arguments.patterns.scanPatterns;
    watch.inspect.lockPatterns = arguments.patterns.lockPatterns;
    watch.pollInterval = std::chrono::milliseconds(arguments.pollMs);
    watch.forcePolling = arguments.polling;
    watch.enableNotifications = arguments.enableNotifications;
    return watch;
}

} // namespace lockscope
