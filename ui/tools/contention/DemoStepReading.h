#pragma once

#include <QString>

namespace lockscope::ui {

// What a contention demo's timeline step means for the picture: the core narrates in words
// ("C2 waits for the lock", "C1 SETNX lock.foo 17… -> 1"), and the animated view reads these
// words back into states and arrows. Steps it does not recognise are shown as plain narration.
struct DemoStepReading
{
    enum class Role
    {
        Narration, // "--", checker, counts, observer, resource: told, not drawn as a figure
        Client, // C1, C2, G, W1…: a figure
        Node, // N1…N5: a Redis node of the redlock scenario
    };
    enum class Action
    {
        Other, // a command or remark with no change of state
        Acquires,
        Waits,
        Refused,
        Releases,
        Crashes,
        Pauses,
        Resumes,
        ReleasesAndWaits, // releases and asks again at once
        Lost, // found its hold gone (the lease had expired)
        Writes, // writes to the protected resource (the fencing story)
        NodeDown,
        NodeUp,
    };

    Role role = Role::Narration;
    Action action = Action::Other;

    static DemoStepReading of(const QString& actor, const QString& text);
};

} // namespace lockscope::ui
