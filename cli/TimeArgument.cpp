#include "cli/TimeArgument.h"

#include <charconv>
#include <cstdio>
#include <ctime>

namespace lockscope {

namespace {

bool digitsOnly(const std::string& text)
{
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

} // namespace

Result<long long> TimeArgument::parse(const std::string& text, long long nowMs)
{
    const auto invalid = makeError(ErrorKind::Usage,
        "'" + text + "' is not a time (now, 15m, 2h, 7d, 2026-11-24T03:12[:05][Z] or epoch ms)");
    if (text == "now")
        return nowMs;
    if (digitsOnly(text)) {
        long long value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size())
            return invalid;
        return value;
    }
    if (text.size() >= 2 && digitsOnly(text.substr(0, text.size() - 1))) {
        long long amount = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size() - 1, amount);
        if (ec != std::errc() || amount > 100LL * 365 * 86400)
            return invalid;
        const char unit = text.back();
        const long long unitMs = unit == 's' ? 1000
            : unit == 'm'                    ? 60000
            : unit == 'h'                    ? 3600000
            : unit == 'd'                    ? 86400000
                                             : 0;
        if (unitMs == 0)
            return invalid;
        return nowMs - amount * unitMs;
    }
    std::tm parts {};
    int millis = 0;
    char rest[8] = {};
    int seconds = 0;
    const int read = std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3d%7s", &parts.tm_year,
        &parts.tm_mon, &parts.tm_mday, &parts.tm_hour, &parts.tm_min, &seconds, &millis, rest);
    if (read < 5)
        return invalid;
    parts.tm_sec = read >= 6 ? seconds : 0;
    if (read < 7)
        millis = 0;
    // What is left after the parts read must be nothing or a Z.
    const size_t expectedLength = read == 5 ? 16 : read == 6 ? 19 : 23;
    const std::string tail = text.size() >= expectedLength ? text.substr(expectedLength) : std::string("?");
    if (tail != "" && tail != "Z")
        return invalid;
    if (parts.tm_mon < 1 || parts.tm_mon > 12 || parts.tm_mday < 1 || parts.tm_mday > 31 || parts.tm_hour > 23
        || parts.tm_min > 59 || parts.tm_sec > 60)
        return invalid;
    parts.tm_year -= 1900;
    parts.tm_mon -= 1;
    return static_cast<long long>(timegm(&parts)) * 1000 + millis;
}

std::string TimeArgument::format(long long epochMs)
{
    const std::time_t seconds = static_cast<std::time_t>(epochMs / 1000);
    std::tm parts {};
    gmtime_r(&seconds, &parts);
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900,
        parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec,
        static_cast<int>(epochMs % 1000));
    return buffer;
}

} // namespace lockscope
