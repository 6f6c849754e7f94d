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
    const QHash<QString, LockRecord>& before, const LockUpdateBatch& batch)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<LockEventRecord> events;
    QSet<QString> listed;
    const auto logged = [&](LockEventRecord::Type type, const LockRecord& lock, QString said) {
        LockEventRecord event;
        event.type = type;
        event.atMs = now;
        event.lock = lock;
        event.said = std::move(said);
        events.append(std::move(event));
    };
    for (const auto& lock : batch.locks) {
        const QString key = lock.key();
        listed.insert(key);
        if (before.contains(key))
            continue;
        logged(LockEventRecord::Type::Appeared, lock,
            tr("found when listing again: %1")
                .arg(!lock.hasHolders() ? tr("no holder") : lock.holdersText()));
    }
    for (auto it = before.begin(); it != before.end(); ++it)
        if (!listed.contains(it.key()))
            logged(LockEventRecord::Type::Released, *it, tr("gone when listing again"));
    m_events->append(events);
}

} // namespace lockscope::ui
