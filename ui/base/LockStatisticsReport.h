#pragma once

#include "history/HistoryQuery.h"
#include "inspect/LockId.h"

#include <QMetaType>
#include <QString>

#include <optional>

namespace lockscope::ui {

// One lock's recorded statistics as read from its connection's history (off the GUI thread),
// for the monitor's detail pane.
struct LockStatisticsReport
{
    enum class Source
    {
        Recorded, // `statistics` were read from the database
        HistoryOff, // the profile records no history
        Unreadable, // the database could not be read: `error` says why
    };

    LockId lock; // the lock asked about
    Source source = Source::Recorded;
    std::optional<LockStatistics> statistics;
    QString error;
    long long fromMs = 0; // the window the statistics cover
    long long nowMs = 0;
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::LockStatisticsReport)
