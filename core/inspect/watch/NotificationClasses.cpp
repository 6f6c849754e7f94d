#include "inspect/watch/NotificationClasses.h"

namespace lockscope {

namespace {

// Every class letter in the order Redis prints them (keyspaceEventsFlagsToString).
constexpr std::string_view order = "KEg$lshzxetdmn";
constexpr std::string_view allAlias = "g$lshzxetd";

bool has(std::string_view flags, char c)
{
    return flags.find(c) != std::string_view::npos;
}

} // namespace

std::string NotificationClasses::expanded(std::string_view flags)
{
    std::string out;
    for (char c : order) {
        if (has(flags, c) || (has(flags, 'A') && has(allAlias, c)))
            out += c;
    }
    return out;
}

std::string NotificationClasses::missing(std::string_view flags)
{
    const std::string present = expanded(flags);
    std::string out;
    for (char c : needed) {
        if (!has(present, c))
            out += c;
    }
    return out;
}

std::string NotificationClasses::unneeded(std::string_view flags)
{
    std::string out;
    for (char c : expanded(flags)) {
        if (!has(needed, c))
            out += c;
    }
    return out;
}

std::string NotificationClasses::withNeeded(std::string_view flags)
{
    return expanded(std::string(flags) + std::string(needed));
}

} // namespace lockscope
