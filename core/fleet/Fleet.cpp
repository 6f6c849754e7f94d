#include "fleet/Fleet.h"

#include <algorithm>

namespace lockscope {

void Fleet::add(FleetMember member)
{
    const std::string endpoint = FleetMember::endpointOf(member.connection);
    for (const auto& known : m_members) {
        if (FleetMember::endpointOf(known.connection) == endpoint) {
            m_notes.push_back(member.origin + ": " + member.name + " is the same server as " + known.name
                + " (" + known.origin + "); watched once, as " + known.name);
            return;
        }
    }
    auto taken = [this](const std::string& name) {
        return std::any_of(m_members.begin(), m_members.end(),
            [&name](const FleetMember& known) { return known.name == name; });
    };
    if (taken(member.name)) {
        std::string unique = member.name + " (" + member.connection.describe() + ")";
        m_notes.push_back(
            member.origin + ": the name " + member.name + " is taken; this server is named " + unique);
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
