#include "cli/OptionValue.h"

#include "redis/RedisUrl.h"

#include <charconv>

namespace lockscope {

Result<long long> OptionValue::integer(
    const std::string& text, const std::string& option, long long min, long long max)
{
    long long value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max)
        return makeError(ErrorKind::Usage,
            option + " expects a number from " + std::to_string(min) + " to " + std::to_string(max)
                + ", got '" + text + "'");
    return value;
}

Result<std::vector<ConnectionOptions>> OptionValue::nodeList(
    const std::string& text, const ConnectionOptions& base)
{
    std::vector<ConnectionOptions> nodes;
    size_t from = 0;
    while (from <= text.size()) {
        const size_t comma = std::min(text.find(',', from), text.size());
        const std::string url = text.substr(from, comma - from);
        if (url.empty())
            return makeError(ErrorKind::Usage, "--nodes has an empty entry: '" + text + "'");
        auto node = parseRedisUrl(url, base);
        if (!node)
            return node.error();
        nodes.push_back(*node);
        from = comma + 1;
    }
    return nodes;
}

} // namespace lockscope
