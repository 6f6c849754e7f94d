#include "fleet/FleetFile.h"

#include "redis/RedisUrl.h"

#include <fstream>
#include <iterator>
#include <optional>

namespace lockscope {

namespace {

constexpr std::string_view spaces = " \t\r";

std::string_view trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(spaces);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(spaces) - first + 1);
}

// Takes the first word of `rest` (or a "quoted" one) off it; nullopt for an unclosed quote.
std::optional<std::string> takeWord(std::string_view& rest)
{
    rest = trimmed(rest);
    if (!rest.empty() && rest.front() == '"') {
        const auto close = rest.find('"', 1);
        if (close == std::string_view::npos)
            return std::nullopt;
        std::string word(rest.substr(1, close - 1));
        rest = trimmed(rest.substr(close + 1));
        return word;
    }
    const auto end = rest.find_first_of(spaces);
    std::string word(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view {} : trimmed(rest.substr(end));
    return word;
}

} // namespace

FleetFile::UrlReader FleetFile::over(ConnectionOptions base)
{
    return [base = std::move(base)](const std::string& url) { return parseRedisUrl(url, base); };
}

TextResult<Fleet> FleetFile::parse(
    std::string_view text, const std::string& fileName, const UrlReader& urls, const ProfileLookup& profiles)
{
    Fleet fleet;
    int number = 0;
    for (size_t start = 0; start < text.size();) {
        const auto newline = text.find('\n', start);
        const size_t end = newline == std::string_view::npos ? text.size() : newline;
        std::string_view line = trimmed(text.substr(start, end - start));
        start = end + 1;
        const std::string where = fileName + ":" + std::to_string(++number);
        auto refuse = [&where](UserText why) {
            return TextResult<Fleet>(UserText(LOCKSCOPE_TEXT("FleetFile", "%1: %2"), where, std::move(why)));
        };
        const UserText unclosedQuote(LOCKSCOPE_TEXT("FleetFile", "a quote is not closed"));
        if (line.empty() || line.front() == '#')
            continue;
        auto first = takeWord(line);
        if (!first)
            return refuse(unclosedQuote);
        FleetMember member;
        if (*first == "profile") {
            auto profile = takeWord(line);
            if (!profile)
                return refuse(unclosedQuote);
            if (profile->empty())
                return refuse(UserText(
                    LOCKSCOPE_TEXT("FleetFile", "'profile' needs the name of a saved connection profile")));
            if (!profiles)
                return refuse(UserText(LOCKSCOPE_TEXT("FleetFile", "saved profiles cannot be read here")));
            auto found = profiles(*profile);
            if (!found)
                return refuse(found.refusal());
            member = std::move(*found);
        } else if (first->find("://") != std::string::npos) {
            auto options = urls(*first);
            if (!options)
                return refuse(UserText::verbatim(options.error().message));
            member.connection = std::move(*options);
            member.name = FleetMember::defaultName(member.connection);
        } else {
            return refuse(UserText(LOCKSCOPE_TEXT("FleetFile",
                                       "expected a URL (redis://, rediss://, unix://, redis+sentinel://) or "
                                       "'profile NAME', got '%1'"),
                *first));
        }
        if (!line.empty())
            member.name = std::string(line);
        member.origin = where;
        fleet.add(std::move(member));
    }
    if (fleet.empty())
        return UserText(
            LOCKSCOPE_TEXT("FleetFile", "%1: no server in it (one URL or 'profile NAME' a line)"), fileName);
    return fleet;
}

TextResult<Fleet> FleetFile::read(
    const std::string& path, const UrlReader& urls, const ProfileLookup& profiles)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return UserText(LOCKSCOPE_TEXT("FleetFile", "cannot read the fleet file %1"), path);
    std::string text;
    text.resize(maxBytes + 1);
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<size_t>(file.gcount()));
    if (text.size() > maxBytes)
        return UserText(LOCKSCOPE_TEXT("FleetFile", "%1: larger than a fleet file may be (1 MiB)"), path);
    return parse(text, path, urls, profiles);
}

} // namespace lockscope
