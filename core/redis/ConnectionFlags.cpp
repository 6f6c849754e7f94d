#include "redis/ConnectionFlags.h"

#include "redis/RedisUrl.h"

#include <charconv>
#include <tuple>

namespace lockscope {

namespace {

constexpr long long maxMillis = 86400000; // a day: more is a typo, not a timeout

std::optional<std::chrono::milliseconds> parseMillis(const std::string& text)
{
    long long value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value <= 0
        || value > maxMillis)
        return std::nullopt;
    return std::chrono::milliseconds(value);
}

ConnectionFlags::Resolved mistake(UserText text)
{
    return {std::nullopt, std::move(text)};
}

} // namespace

const std::vector<ConnectionFlags::Flag>& ConnectionFlags::all()
{
    static const std::vector<Flag> flags {{"url", true}, {"user", true}, {"password-env", true},
        {"tls-ca", true}, {"tls-cert", true}, {"tls-key", true}, {"tls-server-name", true},
        {"tls-insecure", false}, {"read-only", false}, {"connect-timeout", true}, {"timeout", true}};
    return flags;
}

const ConnectionFlags::Flag* ConnectionFlags::find(std::string_view name)
{
    for (const Flag& flag : all()) {
        if (flag.name == name)
            return &flag;
    }
    return nullptr;
}

bool ConnectionFlags::set(std::string_view name, std::string value)
{
    if (!find(name))
        return false;
    if (name == "url") {
        m_url = std::move(value);
        return true;
    }
    m_givenBesidesUrl = true;
    const bool tls = name.starts_with("tls-");
    m_tlsGiven = m_tlsGiven || tls;
    if (name == "user")
        m_user = std::move(value);
    else if (name == "password-env")
        m_passwordEnv = std::move(value);
    else if (name == "tls-ca")
        m_tls.caFile = std::move(value);
    else if (name == "tls-cert")
        m_tls.certFile = std::move(value);
    else if (name == "tls-key")
        m_tls.keyFile = std::move(value);
    else if (name == "tls-server-name")
        m_tls.serverName = std::move(value);
    else if (name == "tls-insecure")
        m_tls.verifyPeer = false;
    else if (name == "read-only")
        m_readOnly = true;
    else if (name == "connect-timeout")
        m_connectTimeout = std::move(value);
    else if (name == "timeout")
        m_commandTimeout = std::move(value);
    return true;
}

ConnectionFlags::Resolved ConnectionFlags::resolve(
    const std::string& defaultUrl, const ConnectionOptions& defaults, const Environment& environment) const
{
    const std::string url = m_url.value_or(defaultUrl);
    auto parsed = parseRedisUrl(url, defaults);
    if (!parsed)
        return mistake(redisUrlProblem(url));
    ConnectionOptions options = *parsed;
    if (m_user)
        options.user = *m_user;
    if (m_passwordEnv) {
        auto password = environment(*m_passwordEnv);
        if (!password)
            return mistake({LOCKSCOPE_TEXT("ConnectionFlags", "--password-env names %1, which is not set"),
                *m_passwordEnv});
        options.password = *password;
        options.hasPassword = true;
    }
    if (m_tlsGiven && !options.tls.enabled)
        return mistake({LOCKSCOPE_TEXT("ConnectionFlags", "TLS options need a rediss:// URL")});
    if (m_tls.certFile.empty() != m_tls.keyFile.empty())
        return mistake({LOCKSCOPE_TEXT("ConnectionFlags", "--tls-cert and --tls-key go together")});
    if (m_tlsGiven) {
        // Only what was given replaces the URL's defaults (rediss:// enables TLS, verifying).
        if (!m_tls.caFile.empty())
            options.tls.caFile = m_tls.caFile;
        if (!m_tls.certFile.empty()) {
            options.tls.certFile = m_tls.certFile;
            options.tls.keyFile = m_tls.keyFile;
        }
        if (!m_tls.serverName.empty())
            options.tls.serverName = m_tls.serverName;
        options.tls.verifyPeer = m_tls.verifyPeer;
    }
    options.readOnly = m_readOnly;
    for (const auto& [name, text, target] :
        {std::tuple {"connect-timeout", &m_connectTimeout, &options.connectTimeout},
            std::tuple {"timeout", &m_commandTimeout, &options.commandTimeout}}) {
        if (!*text)
            continue;
        auto ms = parseMillis(**text);
        if (!ms)
            return mistake(
                {LOCKSCOPE_TEXT("ConnectionFlags", "--%1 expects milliseconds (1-86400000), got '%2'"), name,
                    **text});
        *target = *ms;
    }
    return {options, {}};
}

} // namespace lockscope
