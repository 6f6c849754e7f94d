#pragma once

#include "monitor/LockUpdateBatch.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>

namespace lockscope::ui {

class LockEventLogModel;

// What a re-listing (Refresh, a reconnect) found new or gone, written to the event log. The first
// listing is not one: it only shows what was already there.
class LockRelistingLog
{
    Q_DECLARE_TR_FUNCTIONS(LockRelistingLog)

public:
    explicit LockRelistingLog(LockEventLogModel& events);

    // `before`: the locks by their row key, as the table had them before `batch`.
    void logRelistingDifferences(const QHash<QString, LockRecord>& before, const LockUpdateBatch& batch);

private:
    LockEventLogModel* m_events;
};

} // namespace lockscope::ui
