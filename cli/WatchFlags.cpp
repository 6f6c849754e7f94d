#include "cli/WatchFlags.h"

#include "cli/OptionValue.h"

namespace lockscope {

Result<long long> WatchFlags::positive(const std::string& option, const std::string& text)
{
    return OptionValue::integer(text, option, 1, 1000000000);
}

Result<std::string> WatchFlags::valueOf(const std::vector<std::string>& args, size_t& i)
{
    if (i + 1 >= args.size())
        return makeError(ErrorKind::Usage, args[i] + " needs a value");
    return args[++i];
}

Status WatchFlags::parse(const std::vector<std::string>& args, WatchOptions& watch, const OwnOption& own)
{
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--polling") {
            watch.forcePolling = true;
            continue;
        }
        if (arg == "--enable-notifications") {
            watch.enableNotifications = true;
            continue;
        }
        if (arg != "--pattern" && arg != "--lock-pattern" && arg != "--poll" && arg != "--max-server-load") {
            if (auto taken = own(args, i); !taken)
                return taken;
            continue;
        }
        auto value = valueOf(args, i);
        if (!value)
            return value.error();
        if (arg == "--pattern") {
            watch.inspect.scan.patterns.push_back(*value);
        } else if (arg == "--lock-pattern") {
            watch.inspect.lockPatterns.push_back(*value);
        } else if (arg == "--max-server-load") {
            // Every re-listing of the watch (after a gap, falling behind, the periodic one).
            auto share = OptionValue::serverShare(*value, arg);
            if (!share)
                return share.error();
            watch.inspect.scan.maxServerLoad = *share;
        } else {
            auto interval = positive(arg, *value);
            if (!interval)
                return interval.error();
            watch.pollInterval = std::chrono::milliseconds(*interval);
        }
    }
    return Done {};
}

} // namespace lockscope
