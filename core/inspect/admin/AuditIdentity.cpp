#include "inspect/admin/AuditIdentity.h"

#include <array>
#include <climits>
#include <pwd.h>
#include <random>
#include <unistd.h>

namespace lockscope {

std::string AuditIdentity::user(const std::map<std::string, std::string>& environment)
{
    for (const char* name : {"LOGNAME", "USER"}) {
        if (auto it = environment.find(name); it != environment.end() && !it->second.empty())
            return it->second;
    }
    if (const passwd* entry = ::getpwuid(::getuid()); entry && entry->pw_name)
        return entry->pw_name;
    return "uid " + std::to_string(::getuid());
}

std::string AuditIdentity::host()
{
    std::array<char, HOST_NAME_MAX + 1> name {};
    if (::gethostname(name.data(), name.size() - 1) != 0)
        return {};
    return name.data();
}

std::string AuditIdentity::newEntryId()
{
    std::random_device random;
    static constexpr char digits[] = "0123456789abcdef";
    std::string id;
    for (int word = 0; word < 4; ++word) {
        const unsigned value = random();
        for (int shift = 28; shift >= 0; shift -= 4)
            id += digits[(value >> shift) & 0xf];
    }
    return id;
}

void AuditIdentity::stamp(
    AuditEntry& entry, const std::map<std::string, std::string>& environment, const std::string& version)
{
    if (entry.entry.empty())
        entry.entry = newEntryId();
    entry.user = user(environment);
    entry.host = host();
    entry.version = version;
}

} // namespace lockscope
