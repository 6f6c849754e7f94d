#pragma once

#include "history/HistoryRecords.h"

#include <QTreeWidget>

#include <vector>

namespace lockscope::ui {

// The admin actions in the history window's time range, one a line: when, who (user and
// machine), the server and lock, the action, why, and what came of it. Newest first.
class HistoryAuditList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit HistoryAuditList(QWidget* parent = nullptr);

    void setEntries(const std::vector<AuditRecord>& entries);
    // As shown, a line each (for tests and screen readers).
    QStringList lines() const;

private:
    std::vector<std::string> m_shown; // the entries' ids, to leave the list alone when unchanged
};

} // namespace lockscope::ui
