#include "cli/flags/OptionValue.h"

#include "redis/RedisUrl.h"

namespace lockscope {

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
