#include "monitor/LockRelistingLog.h"

#include "monitor/LockEventLogModel.h"

#include <QDateTime>
#include <QSet>

namespace lockscope::ui {

LockRelistingLog::LockRelistingLog(LockEventLogModel& events)
    : m_events(&events)
{
}

void LockRelistingLog::logRelistingDifferences(
    const QHash<QString, Listed>& before, const LockUpdateBatch& batch)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<LockEventRecord> events;
    QSet<QString> listed;
    for (const auto& lock : batch.locks) {
        listed.insert(lock.key());
        if (before.contains(lock.key()))
            continue;
        events.append({LockEventRecord::Type::Appeared, now, lock.key(), lock.name(), lock.node(),
            tr("found when listing again: %1")
                .arg(!lock.hasHolders() ? tr("no holder") : lock.holdersText())});
    }
    for (auto it = before.begin(); it != before.end(); ++it)
        if (!listed.contains(it.key()))
            events.append({LockEventRecord::Type::Released, now, it.key(), it->name, it->node,
                tr("gone when listing again")});
    m_events->append(events);
}

} // namespace lockscope::ui
