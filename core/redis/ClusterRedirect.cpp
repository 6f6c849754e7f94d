#include "redis/ClusterRedirect.h"

#include "redis/ClusterSlots.h"

#include <charconv>

namespace lockscope {

namespace {

std::optional<int> parseNumber(std::string_view text)
{
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

std::optional<ClusterRedirect> ClusterRedirect::parse(std::string_view errorText, const HostPort& answeredBy)
{
    if (errorText.starts_with("TRYAGAIN"))
        return ClusterRedirect {Kind::TryAgain, 0, {}};
    if (errorText.starts_with("CLUSTERDOWN"))
        return ClusterRedirect {Kind::ClusterDown, 0, {}};

    Kind kind;
    if (errorText.starts_with("MOVED "))
        kind = Kind::Moved;
    else if (errorText.starts_with("ASK "))
        kind = Kind::Ask;
    else
        return std::nullopt;
    errorText.remove_prefix(errorText.find(' ') + 1);
    const auto space = errorText.find(' ');
    if (space == std::string_view::npos)
        return std::nullopt;
    const auto slot = parseNumber(errorText.substr(0, space));
    std::string_view address = errorText.substr(space + 1);
    // The port follows the last colon, so that IPv6 addresses keep theirs.
    const auto colon = address.rfind(':');
    if (!slot || *slot < 0 || *slot >= clusterSlotCount || colon == std::string_view::npos)
        return std::nullopt;
    const auto port = parseNumber(address.substr(colon + 1));
    if (!port || *port <= 0 || *port > 65535)
        return std::nullopt;
    std::string_view host = address.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    ClusterRedirect redirect {kind, static_cast<uint16_t>(*slot), {std::string(host), *port}};
    if (redirect.node.host.empty())
        redirect.node.host = answeredBy.host;
    return redirect;
}

} // namespace lockscope
