#include "history/HistoryStatisticsPanel.h"

#include <QLabel>
#include <QScrollArea>
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
    , m_lock(new QLabel)
    , m_leagues(new QLabel)
{
    setObjectName(QStringLiteral("historyStatistics"));
    for (QLabel* label : {m_lock, m_leagues}) {
        label->setTextFormat(Qt::RichText);
        label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_lock->setObjectName(QStringLiteral("lockStatistics"));
    m_leagues->setObjectName(QStringLiteral("leagueTables"));
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(m_lock);
    layout->addWidget(m_leagues);
    layout->addStretch();
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    m_lock->setText(tr("Click a lock in the timeline for its statistics."));
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
        m_lock->setText(html + QStringLiteral("</table>"));
    } else if (readout.request.selectedLock.empty()) {
        m_lock->setText(tr("Click a lock in the timeline for its statistics."));
    }
    QString leagues;
    leagues += leagueTable(tr("Most contended"), readout.mostContended,
        [](const LeagueRow& row) { return tr("%n waiter(s)", nullptr, int(row.maxWaiters)); });
    leagues += leagueTable(tr("Longest held"), readout.longestHeld,
        [](const LeagueRow& row) { return durationText(row.longestHoldMs); });
    leagues += leagueTable(tr("Expired instead of released"), readout.mostExpired,
        [](const LeagueRow& row) { return tr("%n expiry(s)", nullptr, int(row.expired)); });
    m_leagues->setText(leagues);
}

QString HistoryStatisticsPanel::lockText() const
{
    return m_lock->text();
}

QString HistoryStatisticsPanel::leagueText() const
{
    return m_leagues->text();
}

} // namespace lockscope::ui
