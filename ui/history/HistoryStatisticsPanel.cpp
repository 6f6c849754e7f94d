#include "history/HistoryStatisticsPanel.h"

#include <QTextBrowser>
#include <QVBoxLayout>

#include <functional>

namespace lockscope::ui {

namespace {

QString escaped(const std::string& bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size())).toHtmlEscaped();
}

QString leagueTable(const QString& title, const std::vector<LeagueRow>& rows,
    const std::function<QString(const LeagueRow&)>& value)
{
    QString html = QStringLiteral("<b>%1</b><br/>").arg(title.toHtmlEscaped());
    if (rows.empty())
        return html + HistoryStatisticsPanel::tr("none") + QStringLiteral("<br/>");
    html += QStringLiteral("<table>");
    for (const LeagueRow& row : rows)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;%2</td></tr>")
                    .arg(escaped(row.lock), value(row).toHtmlEscaped());
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

QString HistoryStatisticsPanel::durationText(long long ms)
{
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    if (ms < 120000)
        return tr("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    return tr("%1 min").arg(double(ms) / 60000.0, 0, 'f', 1);
}

void HistoryStatisticsPanel::showReadout(const HistoryReadout& readout)
{
    if (readout.selected) {
        const LockStatistics& s = *readout.selected;
        QString html = QStringLiteral("<b>%1</b><br/>").arg(escaped(readout.request.selectedLock));
        html += tr("%n hold(s), %1 completed", nullptr, int(s.holds)).arg(s.completed) + QStringLiteral("<br/>");
        html += tr("Held: median %1, p90 %2, p99 %3, longest %4")
                    .arg(durationText(s.p50Ms), durationText(s.p90Ms), durationText(s.p99Ms), durationText(s.maxMs))
                    .toHtmlEscaped()
            + QStringLiteral("<br/>");
        html += tr("Ended: %1 released, %2 expired, %3 force-released, %4 lost")
                    .arg(s.released)
                    .arg(s.expired)
                    .arg(s.forceReleased)
                    .arg(s.lost)
            + QStringLiteral("<br/>");
        html += tr("Most waiters seen: %1").arg(s.maxWaiters) + QStringLiteral("<br/><br/>");
        html += QStringLiteral("<b>%1</b><table>").arg(tr("Longest holds").toHtmlEscaped());
        for (const HoldRecord& hold : s.longest)
            html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;%2</td></tr>")
                        .arg(escaped(hold.holder), durationText(hold.durationMs(readout.request.nowMs)).toHtmlEscaped());
        html += QStringLiteral("</table><b>%1</b><table>").arg(tr("Busiest holders").toHtmlEscaped());
        for (const HolderShare& holder : s.busiestHolders)
            html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;%2</td></tr>")
                        .arg(escaped(holder.holder),
                            tr("%n hold(s), %1", nullptr, int(holder.holds)).arg(durationText(holder.heldMs)).toHtmlEscaped());
        m_lockHtml = html + QStringLiteral("</table>");
    } else if (readout.request.selectedLock.empty()) {
        m_lockHtml = tr("Click a lock in the timeline for its statistics.").toHtmlEscaped();
    }
    QString leagues;
    leagues += leagueTable(tr("Most contended"), readout.mostContended,
        [](const LeagueRow& row) { return tr("%n waiter(s)", nullptr, int(row.maxWaiters)); });
    leagues += leagueTable(tr("Longest held"), readout.longestHeld,
        [](const LeagueRow& row) { return durationText(row.longestHoldMs); });
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
