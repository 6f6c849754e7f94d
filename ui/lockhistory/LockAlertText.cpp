#include "lockhistory/LockAlertText.h"

#include "base/LockStatisticsText.h"

namespace lockscope::ui {

namespace {

QString bytesForPeople(const std::string& bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

} // namespace

QString LockAlertText::describe(const LockAlert& alert)
{
    const QString lock = bytesForPeople(alert.lock);
    switch (alert.rule) {
    case LockAlert::Rule::HeldTooLong:
        return tr("%1 has been held for %2 by %3 (limit %4)")
            .arg(lock, LockStatisticsText::duration(alert.observed), bytesForPeople(alert.holder),
                LockStatisticsText::duration(alert.threshold));
    case LockAlert::Rule::Stuck:
        return tr("%1 looks stuck").arg(lock);
    case LockAlert::Rule::TooManyWaiters:
        return tr("%1 has %2 waiters (limit %3)").arg(lock).arg(alert.observed).arg(alert.threshold);
    case LockAlert::Rule::ForceReleased:
        return tr("%1 was force-released").arg(lock);
    }
    return lock;
}

} // namespace lockscope::ui
