#pragma once

#include "common/UserText.h"
#include "fleet/FleetMember.h"

#include <string>
#include <vector>

namespace lockscope {

// The servers one window, watch or recorder follows, each once and each under a name of its
// own (the name is the `server` label of every lock and metric of it).
class Fleet
{
public:
    // Adds `member`. The same endpoint twice is merged into the first (a note says so); a name
    // already taken by another server gets its endpoint appended (a note says so too).
    void add(FleetMember member);

    // Adds `other`'s members in their order, after its notes.
    void addAll(const Fleet& other);

    const std::vector<FleetMember>& members() const { return m_members; }
    bool empty() const { return m_members.empty(); }
    size_t size() const { return m_members.size(); }
    // What add() merged or renamed, one sentence each, for stderr or a status line.
    const std::vector<UserText>& notes() const { return m_notes; }

private:
    std::vector<FleetMember> m_members;
    std::vector<UserText> m_notes;
};

} // namespace lockscope
