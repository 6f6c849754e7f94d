#include "fleet/Fleet.h"

#include <algorithm>

namespace lockscope {

void Fleet::add(FleetMember member)
{
    const std::string endpoint = FleetMember::endpointOf(member.connection);
    for (const auto& known : m_members) {
        if (FleetMember::endpointOf(known.connection) == endpoint) {
            m_notes.emplace_back(
                LOCKSCOPE_TEXT("Fleet", "%1: %2 is the same server as %3 (%4); watched once, as %3"),
                member.origin, member.name, known.name, known.origin);
            return;
        }
    }
    auto taken = [this](const std::string& name) {
        return std::any_of(m_members.begin(), m_members.end(),
            [&name](const FleetMember& known) { return known.name == name; });
    };
    if (taken(member.name)) {
        std::string unique = member.name + " (" + member.connection.describe() + ")";
        m_notes.emplace_back(LOCKSCOPE_TEXT("Fleet", "%1: the name %2 is taken; this server is named %3"),
            member.origin, member.name, unique);
        member.name = std::move(unique);
    }
    m_members.push_back(std::move(member));
}

void Fleet::addAll(const Fleet& other)
{
    m_notes.insert(m_notes.end(), other.m_notes.begin(), other.m_notes.end());
    for (const auto& member : other.m_members)
        add(member);
}

} // namespace lockscope
