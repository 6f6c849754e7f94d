#pragma once

#include "common/UserText.h"
#include "redis/ConnectionOptions.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// The command-line flags that say where and how to connect (--url, --user, --password-env, the
// TLS files, --read-only, the timeouts), shared by lockscope-cli and lockscope. Each front end
// reads its argv its own way (the CLI by hand, the GUI with QCommandLineParser) and hands the
// flags it met to set(); resolve() then checks them and makes the connection options, so both
// programs accept and refuse the same things with the same words.
class ConnectionFlags
{
public:
    // The flags, without their leading "--", and whether each takes a value.
    struct Flag
    {
        std::string_view name;
        bool takesValue;
    };
    static const std::vector<Flag>& all();
    static const Flag* find(std::string_view name);

    // Records flag `name` (without "--"; a switch ignores `value`). False when it is not one of ours.
    bool set(std::string_view name, std::string value = {});
    bool urlGiven() const { return m_url.has_value(); }
    // Whether any flag other than --url was given (they all need a server to apply to).
    bool anyBesidesUrl() const { return m_givenBesidesUrl; }

    // The options or, on a usage mistake, why there are none (in words for people).
    struct Resolved
    {
        std::optional<ConnectionOptions> options;
        UserText mistake;
    };
    using Environment = std::function<std::optional<std::string>(const std::string& name)>;
    // Parses --url (or `defaultUrl`) over `defaults`, then applies the other flags. `environment`
    // supplies the variable --password-env names (passed in so tests need not touch the process's).
    Resolved resolve(const std::string& defaultUrl, const ConnectionOptions& defaults,
        const Environment& environment) const;

private:
    std::optional<std::string> m_url;
    std::optional<std::string> m_user;
    std::optional<std::string> m_passwordEnv;
    std::optional<std::string> m_connectTimeout;
    std::optional<std::string> m_commandTimeout;
    TlsOptions m_tls;
    bool m_tlsGiven = false;
    bool m_readOnly = false;
    bool m_givenBesidesUrl = false;
};

} // namespace lockscope
