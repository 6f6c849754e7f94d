#include "monitor/admin/LockAdminTexts.h"

#include "common/EnumNames.h"

namespace lockscope::ui {

QString LockAdminTexts::actionName(LockAdminRequest::Action action)
{
    static constexpr std::array<const char*, 3> names {
        QT_TR_NOOP("Force-release"), QT_TR_NOOP("Extend TTL"), QT_TR_NOOP("Remove stale waiters")};
    return tr(enumName<LockAdminRequest::Action::RemoveStaleWaiters>(action, names, ""));
}

QString LockAdminTexts::outcomeName(LockAdminReport::Outcome outcome)
{
    static constexpr std::array<const char*, 4> names {QT_TR_NOOP("done"),
        QT_TR_NOOP("holder changed meanwhile: nothing touched"), QT_TR_NOOP("the lock was already gone"),
        QT_TR_NOOP("failed")};
    return tr(enumName<LockAdminReport::Outcome::Failed>(outcome, names, ""));
}

} // namespace lockscope::ui
