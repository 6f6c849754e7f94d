#include "monitor/admin/LockAdminTexts.h"

namespace lockscope::ui {

QString LockAdminTexts::actionName(LockAdminRequest::Action action)
{
    switch (action) {
    case LockAdminRequest::Action::ForceRelease:
        return tr("Force-release");
    case LockAdminRequest::Action::ExtendTtl:
        return tr("Extend TTL");
    case LockAdminRequest::Action::RemoveStaleWaiters:
        return tr("Remove stale waiters");
    }
    return {};
}

QString LockAdminTexts::outcomeName(LockAdminReport::Outcome outcome)
{
    switch (outcome) {
    case LockAdminReport::Outcome::Done:
        return tr("done");
    case LockAdminReport::Outcome::HolderChanged:
        return tr("holder changed meanwhile: nothing touched");
    case LockAdminReport::Outcome::NothingThere:
        return tr("the lock was already gone");
    case LockAdminReport::Outcome::Failed:
        return tr("failed");
    }
    return {};
}

} // namespace lockscope::ui
