#include "monitor/LockDetailPane.h"

#include "base/CoreTexts.h"
#include "base/LockStatisticsText.h"
#include "monitor/LockEventLogModel.h"
#include "monitor/LockKindTexts.h"
#include "monitor/LockTableModel.h"

#include <QDateTime>
#include <QEvent>
#include <QScrollBar>

namespace lockscope::ui {

namespace {

QString html(const QString& text)
{
    return text.toHtmlEscaped();
}

QString moment(qint64 epochMs)
{
    return QDateTime::fromMSecsSinceEpoch(epochMs).toString(QStringLiteral("HH:mm:ss.zzz"));
}

QString row(const QStringList& cells, bool header = false)
{
    const QString tag = header ? QStringLiteral("th") : QStringLiteral("td");
    QString out = QStringLiteral("<tr>");
    for (const QString& cell : cells)
        out += QStringLiteral("<%1 align=\"left\" style=\"padding-right:12px\">%2</%1>").arg(tag, cell);
    return out + QStringLiteral("</tr>");
}

} // namespace

LockDetailPane::LockDetailPane(QWidget* parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("lockDetailPane"));
    setOpenLinks(false);
    showNothing();
}

void LockDetailPane::showLock(const LockRecord& lock, const QList<LockEventRecord>& history)
{
    if (!m_lock || m_lock->id() != lock.id()) {
        m_keys.reset();
        m_statistics.reset();
    }
    m_lock = lock;
    m_history = history;
    render();
}

void LockDetailPane::showKeys(const LockKeysReport& report)
{
    if (!m_lock || report.lock != m_lock->id())
        return;
    m_keys = report;
    render();
}

void LockDetailPane::showStatistics(const LockStatisticsReport& report)
{
    if (!m_lock || report.lock != m_lock->id())
        return;
    m_statistics = report;
    render();
}

void LockDetailPane::showNothing()
{
    m_lock.reset();
    m_keys.reset();
    m_statistics.reset();
    m_history.clear();
    render();
}

void LockDetailPane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        render();
    QTextBrowser::changeEvent(event);
}

void LockDetailPane::render()
{
    if (!m_lock) {
        setHtml(QStringLiteral("<p style=\"color:gray\">%1</p>")
                    .arg(html(tr("Select a lock to see its holders, waiters, Redis keys and history."))));
        return;
    }
    const LockRecord& lock = *m_lock;
    QString out;
    out += QStringLiteral("<h3>%1</h3>").arg(html(lock.name()));
    if (!m_serverName.isEmpty())
        out += QStringLiteral("<p><b>%1</b></p>").arg(html(tr("Server: %1").arg(m_serverName)));
    out += QStringLiteral("<p>%1</p>")
               .arg(html(
                   tr("%1 · %2 on %3").arg(LockKindTexts::name(lock.kind()), lock.library(), lock.node())));
    out += QStringLiteral("<p><i>%1</i></p>")
               .arg(html(tr("Recognised with %1% confidence: %2")
                             .arg(int(lock.confidence() * 100))
                             .arg(lock.reason())));
    if (lock.possible())
        out += QStringLiteral("<p style=\"color:gray\">%1</p>")
                   .arg(html(
                       tr("Possibly a lock: only its value's shape says so (the \"Possible locks\" box hides "
                          "such keys).")));
    if (lock.stuck())
        out += QStringLiteral("<p style=\"color:#d03030\"><b>%1</b> %2</p>")
                   .arg(html(tr("Stuck:")), html(lock.stuckReason()));
    if (!lock.releaseWarning().isEmpty())
        out += QStringLiteral("<p style=\"color:#c03030\"><b>%1</b> %2</p>")
                   .arg(html(tr("Before releasing:")), html(lock.releaseWarning()));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    out += QStringLiteral("<p>%1</p>")
               .arg(html(tr("TTL: %1 (read at %2)")
                             .arg(LockTableModel::formatDuration(lock.remainingTtlMs(now)),
                                 moment(lock.readAtMs()))));
    if (lock.fence() >= 0)
        out += QStringLiteral("<p>%1</p>").arg(html(tr("Fencing token: %1").arg(lock.fence())));
    if (lock.permitsAvailable() >= 0)
        out += QStringLiteral("<p>%1</p>")
                   .arg(html(tr("Permits available: %1").arg(lock.permitsAvailable())));

    out += QStringLiteral("<h4>%1</h4>").arg(html(tr("Holders (%1)").arg(lock.holders().size())));
    if (!lock.hasHolders())
        out += QStringLiteral("<p>%1</p>").arg(html(tr("Nobody holds it.")));
    for (const auto& holder : lock.holders()) {
        QStringList lines;
        lines.append(QStringLiteral("<b><tt>%1</tt></b>").arg(html(holder.owner)));
        if (!holder.identity.isEmpty())
            lines.append(html(tr("held by %1").arg(holder.identity)));
        if (!holder.clientUuid.isEmpty()) {
            lines.append(html(tr("client UUID: %1").arg(holder.clientUuid)));
            lines.append(html(tr("thread: %1").arg(holder.threadId)));
        }
        QString facts = tr("mode %1 · count %2").arg(CoreTexts::holderMode(holder.mode)).arg(holder.count);
        if (holder.expiresAtMs >= 0)
            facts += tr(" · expires %1").arg(moment(holder.expiresAtMs));
        lines.append(html(facts));
        out += QStringLiteral("<p>%1</p>").arg(lines.join(QStringLiteral("<br>")));
    }

    out += QStringLiteral("<h4>%1</h4>").arg(html(tr("Waiters (%1)").arg(lock.waiterCount())));
    if (lock.waiters().isEmpty()) {
        out += QStringLiteral("<p>%1</p>")
                   .arg(html(lock.waiterCount() > 0
                           ? tr("Redis counts them but cannot name them (unlock-channel "
                                "subscribers are clients, not threads).")
                           : tr("No waiter that Redis can see.")));
    }
    for (const auto& waiter : lock.waiters()) {
        QString deadline = waiter.deadlineMs >= 0 ? html(tr("deadline %1").arg(moment(waiter.deadlineMs)))
                                                  : html(tr("no deadline"));
        if (waiter.deadlineMs >= 0 && waiter.deadlineMs < now)
            deadline += QStringLiteral(" <span style=\"color:#d03030\">%1</span>").arg(html(tr("(stale)")));
        out += QStringLiteral("<p><tt>%1</tt><br>%2 · %3</p>")
                   .arg(html(waiter.owner), deadline, html(CoreTexts::waiterSource(waiter.source)));
    }
    for (const QString& note : lock.notes())
        out += QStringLiteral("<p><i>%1</i></p>").arg(html(note));

    out += QStringLiteral("<h4>%1</h4>").arg(html(tr("Redis keys")));
    if (!m_keys) {
        out += QStringLiteral("<ul>");
        for (const QString& key : lock.keys())
            out += QStringLiteral("<li><tt>%1</tt></li>").arg(html(key));
        out += QStringLiteral("</ul><p style=\"color:gray\">%1</p>").arg(html(tr("Reading their contents…")));
    } else if (!m_keys->error.isEmpty()) {
        out += QStringLiteral("<p style=\"color:#d03030\">%1</p>")
                   .arg(html(tr("Cannot read the keys: %1").arg(m_keys->error)));
    } else {
        for (const auto& key : m_keys->keys)
            out += QStringLiteral("<p><tt><b>%1</b></tt><br><i>%2</i><br><tt>%3</tt></p>")
                       .arg(html(key.name),
                           html(tr("%1, TTL %2").arg(key.type, LockTableModel::formatDuration(key.ttlMs))),
                           html(key.value).replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    }

    out += QStringLiteral("<h4><a name=\"statistics\"></a>%1</h4>")
               .arg(html(tr("Hold statistics, last 24 hours")));
    if (!m_statistics) {
        out += QStringLiteral("<p style=\"color:gray\">%1</p>").arg(html(tr("Reading the lock history…")));
    } else if (m_statistics->source == LockStatisticsReport::Source::HistoryOff) {
        out += QStringLiteral("<p style=\"color:gray\">%1</p>")
                   .arg(html(tr("History is off for this connection (Connections › History and alerts).")));
    } else if (m_statistics->source == LockStatisticsReport::Source::Unreadable) {
        out += QStringLiteral("<p style=\"color:#d03030\">%1</p>")
                   .arg(html(tr("Cannot read the lock history: %1").arg(m_statistics->error)));
    } else if (!m_statistics->statistics || m_statistics->statistics->holds == 0) {
        out += QStringLiteral("<p>%1</p>").arg(html(tr("No hold recorded yet.")));
    } else {
        out += QStringLiteral("<p>%1</p>")
                   .arg(LockStatisticsText::html(*m_statistics->statistics, m_statistics->nowMs));
    }

    out += QStringLiteral("<h4>%1</h4>").arg(html(tr("History since the window opened")));
    if (m_history.isEmpty()) {
        out += QStringLiteral("<p>%1</p>")
                   .arg(html(tr("No change seen yet (it was already there when listed).")));
    } else {
        // The moment and the event on one unbroken line, the details under them: as three
        // columns of a pane this narrow, each was broken mid-word ("appear / ed").
        for (const auto& event : m_history)
            out += QStringLiteral(
                "<p style=\"margin-top:6px; margin-bottom:0px\"><nobr>%1&nbsp;&nbsp;<b>%2</b></nobr>"
                "<br>%3</p>")
                       .arg(moment(event.atMs), html(LockEventLogModel::typeName(event.type)),
                           html(event.details()));
    }
    const int scroll = verticalScrollBar() ? verticalScrollBar()->value() : 0;
    setHtml(out);
    if (verticalScrollBar())
        verticalScrollBar()->setValue(scroll);
}

} // namespace lockscope::ui
