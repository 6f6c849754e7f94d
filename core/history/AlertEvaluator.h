#pragma once

#include "history/HoldRecord.h"
#include "inspect/SharedLockSnapshot.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace lockscope {

// The alerts of one connection profile; a rule left unset is off.
struct AlertRules
{
    std::optional<long long> heldLongerThanMs; // one holder has held a lock this long
    bool stuck = true; // a lock looks stuck (LockSnapshot::stuck)
    std::optional<long long> waitersAbove; // more waiters than this on one lock
    bool forceRelease = true; // an administrator force-released a lock
};

// One alert, as data: the GUI words it (tr()) and highlights the row, the recorder keeps it
// (HistoryRecorder::recordAlert with ruleName() and detail()).
struct LockAlert
{
    enum class Rule
    {
        HeldTooLong,
        Stuck,
        TooManyWaiters,
        ForceReleased,
    };
    Rule rule = Rule::Stuck;
    std::string node;
    std::string lock;
    std::string holder; // HeldTooLong: who
    long long atMs = 0; // when it fired
    long long observed = 0; // HeldTooLong: held ms so far; TooManyWaiters: waiters
    long long threshold = 0; // the rule's limit

    static std::string_view ruleName(Rule rule); // held-too-long, stuck, too-many-waiters, force-released
    // "held 95000 ms by H (limit 60000 ms)": plain text for the history and the CLI.
    std::string detail() const;
};

// Evaluates the rules against the locks as they are now and the holds under way (from
// HoldTracker or HistoryRecorder::openHolds). An alert fires once when its condition starts and
// stays active until the condition ends; force-releases fire as they happen.
class AlertEvaluator
{
public:
    explicit AlertEvaluator(AlertRules rules);

    // The alerts that started with this look (to notify about and record).
    std::vector<LockAlert> evaluate(const std::vector<SharedLockSnapshot>& locks,
        const std::vector<HoldRecord>& openHolds, long long nowMs);
    // A force-release happened: its alert, if that rule is on.
    std::optional<LockAlert> forceReleased(
        const std::string& node, const std::string& lock, long long atMs) const;
    // Every alert whose condition still holds after the last evaluate() (to highlight rows).
    const std::vector<LockAlert>& active() const { return m_active; }

private:
    AlertRules m_rules;
    std::vector<LockAlert> m_active;
};

} // namespace lockscope
