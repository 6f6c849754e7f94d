#pragma once

#include "history/HistoryQuery.h"

#include <QMetaType>
#include <QString>

#include <optional>
#include <vector>

namespace lockscope::ui {

// What the history window asks the database for: a time window, and the lock whose
// statistics it shows (empty: none selected).
struct HistoryRequest
{
    QString path;
    TimeWindow window;
    std::string selectedLock; // raw bytes
    long long nowMs = 0;
    // A lock to find by its key or its library's name (raw bytes; empty: none). When it names one
    // key, that lock is the one selected.
    std::string findName;
};

// One answer from the history database, read off the GUI thread (HistoryReader).
struct HistoryReadout
{
    HistoryRequest request;
    QString error; // the database could not be read; nothing else is set
    std::vector<HoldRecord> holds;
    std::vector<GapRecord> gaps;
    std::vector<AlertRecord> alerts;
    std::vector<MarkRecord> marks;
    std::vector<PollingSpan> polling;
    std::vector<AuditRecord> audit; // the admin actions taken in the window, who and why
    std::optional<LockStatistics> selected; // of request.selectedLock
    std::vector<LeagueRow> mostContended, longestHeld, mostExpired;
    std::vector<RecordedLock> found; // the locks request.findName names
};

} // namespace lockscope::ui

Q_DECLARE_METATYPE(lockscope::ui::HistoryRequest)
Q_DECLARE_METATYPE(lockscope::ui::HistoryReadout)
