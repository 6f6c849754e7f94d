#include "support/CommandStats.h"

#include <charconv>

namespace lockscope::test {

long long commandCalls(RedisConnection& connection, const std::string& command)
{
    auto stats = connection.command({"INFO", "commandstats"});
    if (!stats || !stats->isString())
        return -1;
    const std::string& text = stats->text();
    const std::string field = "\ncmdstat_" + command + ":calls=";
    const auto at = text.find(field);
    if (at == std::string::npos)
        return 0;
    long long calls = 0;
    const char* begin = text.data() + at + field.size();
    std::from_chars(begin, text.data() + text.size(), calls);
    return calls;
}

} // namespace lockscope::test
