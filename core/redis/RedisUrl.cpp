#include "redis/RedisUrl.h"

#include "common/HexDigits.h"
#include "common/UserText.h"

#include <charconv>
#include <optional>

namespace lockscope {

namespace {

// A part of the URL as read, or what is wrong with it in words to translate.
template <class T>
struct Parsed
{
    Parsed(T read)
        : value(std::move(read))
    {
    }
    Parsed(UserText wrong)
        : problem(std::move(wrong))
    {
    }
    explicit operator bool() const { return value.has_value(); }
    T& operator*() { return *value; }
    T* operator->() { return &*value; }

    std::optional<T> value;
    UserText problem;
};

struct Nothing
{
};

std::optional<int> parseNumber(std::string_view text, int min, int max)
{
    int value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < min || value > max)
        return std::nullopt;
    return value;
}

Parsed<std::string> percentDecode(std::string_view text)
{
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size())
            return UserText(LOCKSCOPE_TEXT("RedisUrl", "truncated percent escape in URL credentials"));
        const int hi = hexDigitValue(text[i + 1]);
        const int lo = hexDigitValue(text[i + 2]);
        if (hi < 0 || lo < 0)
            return UserText(LOCKSCOPE_TEXT("RedisUrl", "invalid percent escape in URL credentials"));
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

// host[:port], with [v6]:port; defaultPort when no port is given.
Parsed<HostPort> parseHostPort(std::string_view text, int defaultPort)
{
    HostPort result {{}, defaultPort};
    std::string_view portText;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string_view::npos)
            return UserText(LOCKSCOPE_TEXT("RedisUrl", "unterminated '[' in IPv6 host"));
        result.host = std::string(text.substr(1, close - 1));
        const auto rest = text.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':')
                return UserText(LOCKSCOPE_TEXT("RedisUrl", "unexpected text after IPv6 host"));
            portText = rest.substr(1);
        }
    } else {
        const auto colon = text.rfind(':');
        if (colon != std::string_view::npos) {
            result.host = std::string(text.substr(0, colon));
            portText = text.substr(colon + 1);
        } else {
            result.host = std::string(text);
        }
    }
    if (result.host.empty())
        return UserText(LOCKSCOPE_TEXT("RedisUrl", "missing host"));
    for (char c : result.host) {
        if (c == '/' || c == '@' || c == '?' || c == '#' || static_cast<unsigned char>(c) <= 0x20)
            return UserText(LOCKSCOPE_TEXT("RedisUrl", "invalid character in host '%1'"), result.host);
    }
    if (!portText.empty() || text.ends_with(":")) {
        const auto port = parseNumber(portText, 1, 65535);
        if (!port)
            return UserText(
                LOCKSCOPE_TEXT("RedisUrl", "invalid port '%1' (expected 1-65535)"), std::string(portText));
        result.port = *port;
    }
    return result;
}

Parsed<int> parseDatabase(std::string_view text)
{
    const auto db = parseNumber(text, 0, 1000000);
    if (!db)
        return UserText(LOCKSCOPE_TEXT("RedisUrl", "invalid database number '%1'"), std::string(text));
    return *db;
}

Parsed<Nothing> parseCredentials(std::string_view userinfo, ConnectionOptions& options)
{
    const auto colon = userinfo.find(':');
    auto user = percentDecode(userinfo.substr(0, colon));
    if (!user)
        return user.problem;
    options.user = *user;
    if (colon != std::string_view::npos) {
        auto password = percentDecode(userinfo.substr(colon + 1));
        if (!password)
            return password.problem;
        options.password = *password;
        options.hasPassword = true;
    }
    // "redis://:secret@host" is password-only AUTH; "redis://secret@host" is taken the way
    // redis-py and redis-cli take it: a user name, with no password.
    return Nothing {};
}

Parsed<ConnectionOptions> parseUnix(std::string_view rest, ConnectionOptions options)
{
    options.transport = ConnectionOptions::Transport::Unix;
    options.topology = ConnectionOptions::Topology::Standalone;
    const auto query = rest.find('?');
    std::string_view path = rest.substr(0, query);
    if (path.empty() || path.front() != '/')
        return UserText(
            LOCKSCOPE_TEXT("RedisUrl", "unix URL needs an absolute socket path: unix:///path/to/redis.sock"));
    options.unixPath = std::string(path);
    if (query != std::string_view::npos) {
        std::string_view params = rest.substr(query + 1);
        while (!params.empty()) {
            const auto amp = params.find('&');
            const auto param = params.substr(0, amp);
            if (param.starts_with("db=")) {
                auto db = parseDatabase(param.substr(3));
                if (!db)
                    return db.problem;
                options.database = *db;
            } else {
                return UserText(LOCKSCOPE_TEXT("RedisUrl", "unknown unix URL parameter '%1' (only db=N)"),
                    std::string(param));
            }
            params = amp == std::string_view::npos ? std::string_view() : params.substr(amp + 1);
        }
    }
    return options;
}

Parsed<ConnectionOptions> parse(std::string_view url, const ConnectionOptions& base)
{
    ConnectionOptions options = base;
    const auto schemeEnd = url.find("://");
    if (schemeEnd == std::string_view::npos)
        return UserText(LOCKSCOPE_TEXT("RedisUrl",
                            "URL '%1' has no scheme (redis://, rediss://, unix://, redis+sentinel://)"),
            std::string(url));
    const std::string_view scheme = url.substr(0, schemeEnd);
    std::string_view rest = url.substr(schemeEnd + 3);

    if (scheme == "unix")
        return parseUnix(rest, options);

    bool sentinel = false;
    if (scheme == "redis") {
        options.tls.enabled = false;
    } else if (scheme == "rediss") {
        options.tls.enabled = true;
    } else if (scheme == "redis+sentinel") {
        sentinel = true;
    } else {
        return UserText(LOCKSCOPE_TEXT("RedisUrl",
                            "unknown URL scheme '%1' (expected redis, rediss, unix or redis+sentinel)"),
            std::string(scheme));
    }
    options.transport = ConnectionOptions::Transport::Tcp;

    const auto at = rest.rfind('@', rest.find('/'));
    if (at != std::string_view::npos) {
        auto status = parseCredentials(rest.substr(0, at), options);
        if (!status)
            return status.problem;
        rest = rest.substr(at + 1);
    }

    const auto slash = rest.find('/');
    const std::string_view authority = rest.substr(0, slash);
    std::string_view path = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    if (path.find('?') != std::string_view::npos || authority.find('?') != std::string_view::npos)
        return UserText(LOCKSCOPE_TEXT("RedisUrl", "query parameters are only accepted on unix:// URLs"));

    if (sentinel) {
        options.topology = ConnectionOptions::Topology::Sentinel;
        options.sentinels.clear();
        std::string_view list = authority;
        while (!list.empty()) {
            const auto comma = list.find(',');
            auto hostPort = parseHostPort(list.substr(0, comma), 26379);
            if (!hostPort)
                return hostPort.problem;
            options.sentinels.push_back(*hostPort);
            list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
        }
        if (options.sentinels.empty())
            return UserText(LOCKSCOPE_TEXT("RedisUrl", "redis+sentinel URL names no sentinel"));
        const auto masterEnd = path.find('/');
        options.sentinelMaster = std::string(path.substr(0, masterEnd));
        if (options.sentinelMaster.empty())
            return UserText(LOCKSCOPE_TEXT("RedisUrl",
                "redis+sentinel URL needs the master name: redis+sentinel://host:26379/mymaster"));
        if (masterEnd != std::string_view::npos) {
            auto db = parseDatabase(path.substr(masterEnd + 1));
            if (!db)
                return db.problem;
            options.database = *db;
        }
        return options;
    }

    auto hostPort = parseHostPort(authority, 6379);
    if (!hostPort)
        return hostPort.problem;
    options.host = hostPort->host;
    options.port = hostPort->port;
    if (!path.empty()) {
        auto db = parseDatabase(path);
        if (!db)
            return db.problem;
        options.database = *db;
    }
    if (options.topology == ConnectionOptions::Topology::Sentinel)
        options.topology = ConnectionOptions::Topology::Auto;
    return options;
}

} // namespace

Result<ConnectionOptions> parseRedisUrl(std::string_view url, const ConnectionOptions& base)
{
    auto parsed = parse(url, base);
    if (!parsed)
        return makeError(ErrorKind::Usage, parsed.problem.english());
    return std::move(*parsed.value);
}

UserText redisUrlProblem(std::string_view url)
{
    auto parsed = parse(url, {});
    return parsed ? UserText() : parsed.problem;
}

} // namespace lockscope
