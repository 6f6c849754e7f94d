#include "lockhistory/HistoryStatisticsPanel.h"

#include "base/LockStatisticsText.h"

#include <QTextBrowser>
#include <QVBoxLayout>

#include <functional>
#include <set>

namespace lockscope::ui {

namespace {

// `withServer`: the history holds several servers, and a lock's name alone does not say which.
QString leagueTable(const QString& title, const std::vector<LeagueRow>& rows, bool withServer,
    const std::function<QString(const LeagueRow&)>& value)
{
    QString html = QStringLiteral("<b>%1</b><br/>").arg(title.toHtmlEscaped());
    if (rows.empty())
        return html + HistoryStatisticsPanel::tr("none") + QStringLiteral("<br/>");
    html += QStringLiteral("<table>");
    for (const LeagueRow& row : rows) {
        const QString server = withServer ? QStringLiteral("<td>&nbsp;&nbsp;<i>%1</i></td>")
                                                .arg(LockStatisticsText::escapedBytes(row.server))
                                          : QString();
        html += QStringLiteral("<tr><td>%1</td>%2<td align=\"right\">&nbsp;&nbsp;%3</td></tr>")
                    .arg(LockStatisticsText::escapedBytes(row.lock), server, value(row).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

// Whether the window's holds and league rows come from more than one (named) server.
bool severalServers(const HistoryReadout& readout)
{
    std::set<std::string> servers;
    for (const HoldRecord& hold : readout.holds)
        servers.insert(hold.server);
    for (const auto* rows : {&readout.mostContended, &readout.longestHeld, &readout.mostExpired}) {
        for (const LeagueRow& row : *rows)
            servers.insert(row.server);
    }
    servers.erase(std::string());
    return servers.size() > 1;
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
    const bool withServer = severalServers(readout);
    leagues += leagueTable(tr("Most contended"), readout.mostContended, withServer,
        [](const LeagueRow& row) { return tr("%n waiter(s)", nullptr, int(row.maxWaiters)); });
    leagues += leagueTable(tr("Longest held"), readout.longestHeld, withServer,
        [](const LeagueRow& row) { return LockStatisticsText::duration(row.longestHoldMs); });
    leagues += leagueTable(tr("Expired instead of released"), readout.mostExpired, withServer,
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
