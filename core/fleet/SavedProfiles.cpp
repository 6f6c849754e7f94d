#include "fleet/SavedProfiles.h"

#include "redis/RedisUrl.h"

#include <cctype>
#include <charconv>
#include <fstream>

namespace lockscope {

namespace {

// Appends code point `c` as UTF-8.
void appendUtf8(std::string& out, unsigned c)
{
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// A string value as QSettings writes it to INI: maybe in quotes, with \\, \", \n, \t and
// \xHHHH escapes; "@@" for a leading "@".
std::string unescape(std::string_view raw)
{
    const bool quoted = raw.size() >= 2 && raw.front() == '"' && raw.back() == '"';
    if (quoted)
        raw = raw.substr(1, raw.size() - 2);
    std::string out;
    for (size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            out += raw[i];
            continue;
        }
        const char next = raw[++i];
        if (next == 'n') {
            out += '\n';
        } else if (next == 't') {
            out += '\t';
        } else if (next == 'x') {
            size_t digits = 0;
            while (digits < 4 && i + 1 + digits < raw.size()
                && std::isxdigit(static_cast<unsigned char>(raw[i + 1 + digits])))
                ++digits;
            unsigned value = 0;
            std::from_chars(raw.data() + i + 1, raw.data() + i + 1 + digits, value, 16);
            appendUtf8(out, value);
            i += digits;
        } else {
            out += next;
        }
    }
    if (out.starts_with("@@"))
        out.erase(0, 1);
    return out;
}

} // namespace

std::string SavedProfiles::defaultPath(const std::map<std::string, std::string>& environment)
{
    auto value = [&environment](const char* name) {
        auto it = environment.find(name);
        return it == environment.end() ? std::string() : it->second;
    };
    std::string config = value("XDG_CONFIG_HOME");
    if (config.empty() && !value("HOME").empty())
        config = value("HOME") + "/.config";
    return config.empty() ? std::string() : config + "/LockScope/LockScope.conf";
}

SavedProfiles SavedProfiles::read(const std::string& path)
{
    SavedProfiles store;
    store.m_path = path;
    std::ifstream file(path);
    std::string line;
    std::string group;
    size_t lines = 0;
    while (std::getline(file, line) && ++lines < 100000) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.starts_with("[")) {
            group = line;
            continue;
        }
        if (group != "[connections]" || !line.starts_with("profiles\\"))
            continue;
        const auto equals = line.find('=');
        if (equals == std::string::npos)
            continue;
        // profiles\<n>\<field>
        const std::string key = line.substr(0, equals);
        const auto second = key.find('\\', 9);
        if (second == std::string::npos)
            continue;
        int number = 0;
        auto [end, ec] = std::from_chars(key.data() + 9, key.data() + second, number);
        if (ec != std::errc() || end != key.data() + second)
            continue;
        std::string_view value(line);
        value.remove_prefix(equals + 1);
        while (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
        store.m_profiles[number][key.substr(second + 1)] = unescape(value);
    }
    return store;
}

TextResult<FleetMember> SavedProfiles::member(const std::string& name, const ConnectionOptions& base) const
{
    std::string names;
    for (const auto& entry : m_profiles) {
        // A named reference, not a structured binding: clang 14 (the sanitize build) cannot
        // capture a binding in a lambda.
        const auto& fields = entry.second;
        auto field = [&fields](const std::string& key) {
            auto it = fields.find(key);
            return it == fields.end() ? std::string() : it->second;
        };
        if (field("name") != name) {
            names += (names.empty() ? "" : ", ") + field("name");
            continue;
        }
        auto options = parseRedisUrl(field("url"), base);
        if (!options)
            return UserText(LOCKSCOPE_TEXT("SavedProfiles", "profile %1: %2"), name, options.error().message);
        if (!field("user").empty())
            options->user = field("user");
        int database = -1;
        const std::string databaseText = field("database");
        std::from_chars(databaseText.data(), databaseText.data() + databaseText.size(), database);
        if (database >= 0)
            options->database = database;
        if (!field("tlsCaFile").empty())
            options->tls.caFile = field("tlsCaFile");
        if (!field("tlsCertFile").empty())
            options->tls.certFile = field("tlsCertFile");
        if (!field("tlsKeyFile").empty())
            options->tls.keyFile = field("tlsKeyFile");
        if (!field("tlsServerName").empty())
            options->tls.serverName = field("tlsServerName");
        if (field("tlsVerify") == "false")
            options->tls.verifyPeer = false;
        if (field("readOnly") == "true")
            options->readOnly = true;
        FleetMember member;
        member.name = name;
        member.connection = std::move(*options);
        member.profile = name;
        // Where its admin actions are audited too (its history), and whether they need a reason.
        member.historyDatabase = field("recordHistory") == "false" ? std::string() : field("historyDatabase");
        member.production = field("production") == "true";
        return member;
    }
    const UserText file = m_path.empty() ? UserText(LOCKSCOPE_TEXT("SavedProfiles", "(no settings file)"))
                                         : UserText::verbatim(m_path);
    if (names.empty())
        return UserText(
            LOCKSCOPE_TEXT("SavedProfiles", "no saved profile named '%1' in %2 (it has none)"), name, file);
    return UserText(
        LOCKSCOPE_TEXT("SavedProfiles", "no saved profile named '%1' in %2 (it has: %3)"), name, file, names);
}

} // namespace lockscope
