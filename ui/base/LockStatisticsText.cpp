#include "base/LockStatisticsText.h"

#include <QStringList>

namespace lockscope::ui {

namespace {

QString tableRow(const QString& left, const QString& right)
{
    return QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;%2</td></tr>").arg(left, right);
}

} // namespace

QString LockStatisticsText::escapedBytes(const std::string& bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size())).toHtmlEscaped();
}

QString LockStatisticsText::duration(long long ms)
{
    if (ms < 1000)
        return tr("%1 ms").arg(ms);
    if (ms < 120000)
        return tr("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    return tr("%1 min").arg(double(ms) / 60000.0, 0, 'f', 1);
}

QString LockStatisticsText::html(const LockStatistics& s, long long nowMs)
{
    QString out
        = tr("%n hold(s), %1 completed", nullptr, int(s.holds)).arg(s.completed) + QStringLiteral("<br/>");
    out += tr("Held: median %1, p90 %2, p99 %3, longest %4")
               .arg(duration(s.p50Ms), duration(s.p90Ms), duration(s.p99Ms), duration(s.maxMs))
               .toHtmlEscaped()
        + QStringLiteral("<br/>");
    out += tr("Ended: %1 released, %2 expired, %3 force-released, %4 lost")
               .arg(s.released)
               .arg(s.expired)
               .arg(s.forceReleased)
               .arg(s.lost)
        + QStringLiteral("<br/>");
    out += tr("Most waiters seen: %1").arg(s.maxWaiters) + QStringLiteral("<br/>");
    // A history of several servers (a fleet, a team's database): which one each hold was on.
    const bool severalServers = s.servers.size() > 1;
    if (severalServers) {
        QStringList servers;
        for (const std::string& server : s.servers)
            servers << escapedBytes(server);
        out += tr("On %n server(s):", nullptr, int(s.servers.size())).toHtmlEscaped() + QLatin1Char(' ')
            + servers.join(QStringLiteral(", ")) + QStringLiteral("<br/>");
    }
    out += QStringLiteral("<br/><b>%1</b><table>").arg(tr("Longest holds").toHtmlEscaped());
    for (const HoldRecord& hold : s.longest)
        out += tableRow(severalServers
                ? tr("%1 on %2").arg(escapedBytes(hold.holder), escapedBytes(hold.server))
                : escapedBytes(hold.holder),
            duration(hold.durationMs(nowMs)).toHtmlEscaped());
    out += QStringLiteral("</table><b>%1</b><table>").arg(tr("Busiest holders").toHtmlEscaped());
    for (const HolderShare& holder : s.busiestHolders)
        out += tableRow(escapedBytes(holder.holder),
            tr("%n hold(s), %1", nullptr, int(holder.holds)).arg(duration(holder.heldMs)).toHtmlEscaped());
    return out + QStringLiteral("</table>");
}

} // namespace lockscope::ui
