#include "lockhistory/HistoryStatisticsPanel.h"

#include "base/LockStatisticsText.h"

#include <QTextBrowser>
#include <QVBoxLayout>

#include <functional>

namespace lockscope::ui {

namespace {

QString leagueTable(const QString& title, const std::vector<LeagueRow>& rows,
    const std::function<QString(const LeagueRow&)>& value)
{
    QString html = QStringLiteral("<b>%1</b><br/>").arg(title.toHtmlEscaped());
    if (rows.empty())
        return html + HistoryStatisticsPanel::tr("none") + QStringLiteral("<br/>");
    html += QStringLiteral("<table>");
    for (const LeagueRow& row : rows)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;%2</td></tr>")
                    .arg(LockStatisticsText::escapedBytes(row.lock), value(row).toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

} // namespace

HistoryStatisticsPanel::HistoryStatisticsPanel(QWidget* parent)
    : QWidget(parent)
    , m_view(new QTextBrowser)
{
    setObjectName(QStringLiteral("historyStatistics"));
    // A text browser, not labels: it lays out the tables and scrolls whatever their length.
    m_view->setObjectName(QStringLiteral("statisticsView"));
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setOpenLinks(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_lockHtml = tr("Click a lock in the timeline for its statistics.").toHtmlEscaped();
    render();
}

void HistoryStatisticsPanel::render()
{
    m_view->setHtml(m_lockHtml + QStringLiteral("<hr/>") + m_leagueHtml);
}

void HistoryStatisticsPanel::showReadout(const HistoryReadout& readout)
{
    if (readout.selected) {
        m_lockHtml = QStringLiteral("<b>%1</b><br/>")
                         .arg(LockStatisticsText::escapedBytes(readout.request.selectedLock))
            + LockStatisticsText::html(*readout.selected, readout.request.nowMs);
    } else if (readout.request.selectedLock.empty()) {
        m_lockHtml = tr("Click a lock in the timeline for its statistics.").toHtmlEscaped();
    }
    QString leagues;
    leagues += leagueTable(tr("Most contended"), readout.mostContended,
        [](const LeagueRow& row) { return tr("%n waiter(s)", nullptr, int(row.maxWaiters)); });
    leagues += leagueTable(tr("Longest held"), readout.longestHeld,
        [](const LeagueRow& row) { return LockStatisticsText::duration(row.longestHoldMs); });
    leagues += leagueTable(tr("Expired instead of released"), readout.mostExpired,
        [](const LeagueRow& row) { return tr("%n expiry(s)", nullptr, int(row.expired)); });
    m_leagueHtml = leagues;
    render();
}

QString HistoryStatisticsPanel::lockText() const
{
    return m_lockHtml;
}

QString HistoryStatisticsPanel::leagueText() const
{
    return m_leagueHtml;
}

} // namespace lockscope::ui
