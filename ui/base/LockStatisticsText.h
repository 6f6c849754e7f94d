#pragma once

#include "history/HistoryQuery.h"

#include <QCoreApplication>
#include <QString>

namespace lockscope::ui {

// One lock's recorded hold statistics (core's LockStatistics) in the GUI's words: the history
// window's side pane and the monitor's detail pane show them alike, so they are written once.
class LockStatisticsText
{
    Q_DECLARE_TR_FUNCTIONS(LockStatisticsText)

public:
    // "850 ms", "12.5 s", "3.2 min".
    static QString duration(long long ms);
    // Holds, percentiles, how they ended, most waiters, longest holds and busiest holders, as
    // HTML (names and holders are raw bytes: escaped here). Open holds count until `nowMs`.
    static QString html(const LockStatistics& statistics, long long nowMs);
    // Raw bytes (a lock name, a holder) as escaped HTML.
    static QString escapedBytes(const std::string& bytes);
};

} // namespace lockscope::ui
