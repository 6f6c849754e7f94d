#include "cli/flags/FlagChecks.h"

#include "locks/LockFactory.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdlib>

namespace lockscope::flagChecks {

CLI::Validator wholeNumber(long long min, long long max)
{
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            long long value = 0;
            auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min
                || value > max)
                return "expects a number from " + std::to_string(min) + " to " + std::to_string(max)
                    + ", got '" + text + "'";
            return {};
        },
        "");
}

CLI::Validator seconds()
{
    return CLI::Validator(
        [](std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !(value > 0) || value > 86400)
                return "expects seconds (0 < S <= 86400), got '" + text + "'";
            return {};
        },
        "");
}

CLI::Validator oneOf(std::vector<std::string> words)
{
    return CLI::Validator(
        [words](std::string& text) -> std::string {
            std::string list;
            for (const auto& word : words) {
                if (word == text)
                    return {};
                list += (list.empty() ? "" : ", ") + word;
            }
            return "expects one of " + list + ", got '" + text + "'";
        },
        "");
}

CLI::Validator lockKind()
{
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (LockFactory::find(text))
                return {};
            return "unknown lock kind '" + text + "' (known kinds: " + LockFactory::knownKindNames() + ")";
        },
        "");
}

// "10%" or "10", 1 to 100: the '%' taken off (a transform; a check would not change the text).
CLI::Validator percent()
{
    return CLI::Validator(
        [](std::string& text) {
            if (!text.empty() && text.back() == '%')
                text.pop_back();
            return wholeNumber(1, 100)(text);
        },
        "");
}

CLI::Validator notEmpty()
{
    return CLI::Validator(
        [](std::string& text) -> std::string { return text.empty() ? "cannot be empty" : ""; }, "");
}

} // namespace lockscope::flagChecks
