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
    watch.inspect.scan.maxServerLoad = static_cast<double>(arguments.maxServerLoadPercent) / 100.0;
    return watch;
}

} // namespace lockscope
