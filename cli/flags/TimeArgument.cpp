#include "cli/flags/TimeArgument.h"

#include <date/date.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>
#include <sstream>

namespace lockscope {

namespace {

bool digitsOnly(std::string_view text)
{
    return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// An ISO 8601 date-time, read by Howard Hinnant's date library (Debian's
// libhowardhinnant-date-dev): calendar checked (no 31 February), fractions of a second as
// fractions (05.5 is 500 ms), an offset (+01:00, +0100 or Z) subtracted; none means UTC.
std::optional<long long> isoDateTime(std::string text)
{
    bool utc = false;
    if (!text.empty() && (text.back() == 'Z' || text.back() == 'z')) {
        text.pop_back();
        utc = true;
    }
    static const char* const withOffset[]
        = {"%Y-%m-%dT%H:%M:%S%Ez", "%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%dT%H:%M%Ez", "%Y-%m-%dT%H:%M%z"};
    static const char* const withoutOffset[] = {"%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d"};
    auto attempt = [&text](const char* format) -> std::optional<long long> {
        std::istringstream in(text);
        date::sys_time<std::chrono::nanoseconds> moment;
        in >> date::parse(format, moment);
        // The whole text, and nothing but it.
        if (in.fail() || in.peek() != std::char_traits<char>::eof())
            return std::nullopt;
        return std::chrono::floor<std::chrono::milliseconds>(moment).time_since_epoch().count();
    };
    if (!utc) {
        for (const char* format : withOffset) {
            if (auto parsed = attempt(format))
                return parsed;
        }
    }
    for (const char* format : withoutOffset) {
        if (auto parsed = attempt(format))
            return parsed;
    }
    return std::nullopt;
}

} // namespace

Result<long long> TimeArgument::parse(const std::string& text, long long nowMs)
{
    const auto invalid = makeError(ErrorKind::Usage,
        "'" + text
            + "' is not a time (now, 90s, 15m, 2h, 7d, an ISO 8601 date-time such as "
              "2026-11-24T03:12:05.5+01:00, or epoch ms)");
    if (text == "now")
        return nowMs;
    if (digitsOnly(text)) {
        long long value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size())
            return invalid;
        return value;
    }
    if (text.size() >= 2 && digitsOnly(std::string_view(text).substr(0, text.size() - 1))) {
        long long amount = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size() - 1, amount);
        if (ec != std::errc() || amount > 100LL * 365 * 86400)
            return invalid;
        const char unit = text.back();
        const long long unitMs = unit == 's' ? 1000
            : unit == 'm'                    ? 60000
            : unit == 'h'                    ? 3600000
            : unit == 'd'                    ? 86400000
            : unit == 'w'                    ? 7 * 86400000LL
                                             : 0;
        if (unitMs == 0 || amount > 100LL * 365 * 86400000 / unitMs)
            return invalid;
        return nowMs - amount * unitMs;
    }
    if (auto moment = isoDateTime(text))
        return *moment;
    return invalid;
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
