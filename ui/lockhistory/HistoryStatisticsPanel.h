#pragma once

#include "lockhistory/HistoryReadout.h"

#include <QWidget>

class QTextBrowser;

namespace lockscope::ui {

// The numbers beside the timeline: for the selected lock, its hold durations (percentiles,
// longest holds), its busiest holders and the most waiters seen; across all locks, the most
// contended, the longest held and the ones that expired instead of being released.
class HistoryStatisticsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryStatisticsPanel(QWidget* parent = nullptr);

    void showReadout(const HistoryReadout& readout);
    // As shown, for tests and screen readers: the selected lock's part and the league tables.
    QString lockText() const;
    QString leagueText() const;

private:
    void render();

    QTextBrowser* m_view;
    QString m_lockHtml;
    QString m_leagueHtml;
};

} // namespace lockscope::ui
