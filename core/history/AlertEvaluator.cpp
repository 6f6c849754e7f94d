#include "history/AlertEvaluator.h"

#include "common/EnumNames.h"

#include <algorithm>

namespace lockscope {

namespace {

// What makes two looks at the same alert the same alert.
auto identity(const LockAlert& alert)
{
    return std::tie(alert.rule, alert.node, alert.lock, alert.holder);
}

} // namespace

std::string_view LockAlert::ruleName(Rule rule)
{
    static constexpr std::array<std::string_view, 4> names {
        "held-too-long", "stuck", "too-many-waiters", "force-released"};
    return enumName<LockAlert::Rule::ForceReleased>(rule, names, "unknown");
}

std::string LockAlert::detail() const
{
    switch (rule) {
    case Rule::HeldTooLong:
        return "held " + std::to_string(observed) + " ms by " + holder + " (limit "
            + std::to_string(threshold) + " ms)";
    case Rule::Stuck:
        return "stuck";
    case Rule::TooManyWaiters:
        return std::to_string(observed) + " waiters (limit " + std::to_string(threshold) + ")";
    case Rule::ForceReleased:
        return "force-released";
    }
    return {};
}

AlertEvaluator::AlertEvaluator(AlertRules rules)
    : m_rules(rules)
{
}

std::vector<LockAlert> AlertEvaluator::evaluate(
    const std::vector<SharedLockSnapshot>& locks, const std::vector<HoldRecord>& openHolds, long long nowMs)
{
    std::vector<LockAlert> now;
    for (const LockSnapshot& lock : locks) {
        if (m_rules.stuck && lock.stuck)
            now.push_back({LockAlert::Rule::Stuck, lock.node, lock.name, {}, nowMs, 0, 0});
        if (m_rules.waitersAbove && lock.waiterCount > *m_rules.waitersAbove)
            now.push_back({LockAlert::Rule::TooManyWaiters, lock.node, lock.name, {}, nowMs, lock.waiterCount,
                *m_rules.waitersAbove});
    }
    if (m_rules.heldLongerThanMs) {
        for (const auto& hold : openHolds) {
            const long long held = hold.durationMs(nowMs);
            if (!hold.endedMs && held > *m_rules.heldLongerThanMs)
                now.push_back({LockAlert::Rule::HeldTooLong, hold.node, hold.lock, hold.holder, nowMs, held,
                    *m_rules.heldLongerThanMs});
        }
    }
    std::vector<LockAlert> started;
    for (auto& alert : now) {
        auto before = std::find_if(m_active.begin(), m_active.end(),
            [&](const LockAlert& active) { return identity(active) == identity(alert); });
        if (before == m_active.end())
            started.push_back(alert);
        else
            alert.atMs = before->atMs; // still the alert that fired then
    }
    m_active = std::move(now);
    return started;
}

std::optional<LockAlert> AlertEvaluator::forceReleased(
    const std::string& node, const std::string& lock, long long atMs) const
{
    if (!m_rules.forceRelease)
        return std::nullopt;
    return LockAlert {LockAlert::Rule::ForceReleased, node, lock, {}, atMs, 0, 0};
}

} // namespace lockscope
