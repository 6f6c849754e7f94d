#include "lockhistory/HistoryTimeline.h"

#include "base/LockStatisticsText.h"
#include "lockhistory/AuditText.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

namespace lockscope::ui {

namespace {

constexpr int labelWidth = 180;
constexpr int axisHeight = 22;
constexpr int pollingStripHeight = 5; // at the bottom of the axis band
constexpr int rowHeight = 24;
constexpr int barMargin = 4;
constexpr long long minimumSpanMs = 200;
constexpr long long maximumSpanMs = 400LL * 24 * 3600 * 1000;
// A press that moves less than this is a click, not a drag.
constexpr int clickSlop = 4;

QString bytesForPeople(const std::string& bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

} // namespace

HistoryTimeline::HistoryTimeline(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("historyTimeline"));
    setMouseTracking(true);
    setMinimumHeight(axisHeight + 3 * rowHeight);
    const long long now = QDateTime::currentMSecsSinceEpoch();
    m_window = {now - 10 * 60 * 1000, now};
}

QSize HistoryTimeline::sizeHint() const
{
    return {800, axisHeight + std::max<int>(6, int(m_rows.size())) * rowHeight + 2};
}

void HistoryTimeline::setHistory(std::vector<HoldRecord> holds, std::vector<GapRecord> gaps, long long nowMs,
    std::vector<AlertRecord> alerts, std::vector<MarkRecord> marks)
{
    m_holds = std::move(holds);
    m_gaps = std::move(gaps);
    m_alerts = std::move(alerts);
    m_marks = std::move(marks);
    m_nowMs = nowMs;
    rebuildRows();
    updateGeometry();
    update();
}

void HistoryTimeline::setPollingSpans(std::vector<PollingSpan> spans)
{
    m_polling = std::move(spans);
    update();
}

QRect HistoryTimeline::pollingRect(std::size_t index) const
{
    const PollingSpan& span = m_polling.at(index);
    const QRect plot = plotArea();
    const double left = std::max<double>(xOf(span.startedMs), plot.left());
    const double right = std::min<double>(xOf(span.endedMs ? *span.endedMs : m_nowMs), plot.right());
    if (right <= left)
        return {};
    return QRect(QPoint(int(left), plot.top() - pollingStripHeight), QPoint(int(right), plot.top() - 1));
}

void HistoryTimeline::setVisibleWindow(TimeWindow window)
{
    const long long span = std::clamp(window.untilMs - window.fromMs, minimumSpanMs, maximumSpanMs);
    m_window = {window.fromMs, window.fromMs + span};
    update();
}

void HistoryTimeline::setSelectedLock(const std::string& lock)
{
    m_selectedLock = lock;
    update();
}

void HistoryTimeline::rebuildRows()
{
    m_rows.clear();
    for (const HoldRecord& hold : m_holds)
        if (rowOf(hold.lock, hold.node) < 0)
            m_rows.push_back({hold.lock, hold.node, hold.apiName});
    std::sort(m_rows.begin(), m_rows.end(),
        [](const Row& a, const Row& b) { return std::tie(a.lock, a.node) < std::tie(b.lock, b.node); });
    m_severalServers = std::any_of(
        m_rows.begin(), m_rows.end(), [this](const Row& row) { return row.node != m_rows.front().node; });
}

QString HistoryTimeline::rowLabel(std::size_t row) const
{
    const Row& shown = m_rows.at(row);
    const QString name = bytesForPeople(shown.apiName.empty() ? shown.lock : shown.apiName);
    if (!m_severalServers)
        return name;
    // The same name on two servers is two locks: each row says whose it is.
    return tr("%1 · %2", "a timeline row: the server, then the lock's name")
        .arg(bytesForPeople(shown.node), name);
}

int HistoryTimeline::rowOf(const std::string& lock, const std::string& node) const
{
    for (std::size_t row = 0; row < m_rows.size(); ++row)
        if (m_rows[row].lock == lock && m_rows[row].node == node)
            return int(row);
    return -1;
}

QRect HistoryTimeline::plotArea() const
{
    return QRect(labelWidth, axisHeight, std::max(1, width() - labelWidth - 1), height() - axisHeight);
}

double HistoryTimeline::xOf(long long ms) const
{
    const QRect plot = plotArea();
    const double span = double(m_window.untilMs - m_window.fromMs);
    return plot.left() + double(ms - m_window.fromMs) * plot.width() / span;
}

long long HistoryTimeline::msAt(double x) const
{
    const QRect plot = plotArea();
    const double span = double(m_window.untilMs - m_window.fromMs);
    return m_window.fromMs + (long long)((x - plot.left()) * span / plot.width());
}

long long HistoryTimeline::endOf(const HoldRecord& hold) const
{
    return hold.endedMs ? *hold.endedMs : std::max(m_nowMs, hold.startedMs);
}

QColor HistoryTimeline::holderColor(const std::string& holder)
{
    // The same holder gets the same colour in every row and every session.
    const auto hash = std::hash<std::string> {}(holder);
    return QColor::fromHsv(int(hash % 360), 140 + int((hash >> 9) % 60), 200 + int((hash >> 17) % 40));
}

QRect HistoryTimeline::barRect(std::size_t index) const
{
    if (index >= m_holds.size())
        return {};
    const HoldRecord& hold = m_holds[index];
    const int row = rowOf(hold.lock, hold.node);
    const QRect plot = plotArea();
    const double plotEnd = plot.left() + plot.width(); // where the window's end is drawn
    double left = std::max<double>(xOf(hold.startedMs), plot.left());
    double right = std::min<double>(xOf(endOf(hold)), plotEnd);
    if (row < 0 || right < plot.left() || left > plotEnd)
        return {};
    // At least 3 px wide, inside the plot: a short hold at a coarse zoom (or one that began
    // just now, at the right edge) stays visible and hoverable.
    left = std::min(left, plotEnd - 3);
    right = std::max(right, left + 3);
    const int top = plot.top() + row * rowHeight + barMargin;
    return QRect(QPoint(int(left), top), QPoint(int(right), top + rowHeight - 2 * barMargin));
}

std::optional<std::size_t> HistoryTimeline::holdAt(QPoint point) const
{
    // The latest hold wins where bars touch (a re-acquire right after a release).
    for (std::size_t index = m_holds.size(); index-- > 0;)
        if (barRect(index).adjusted(-1, 0, 1, 0).contains(point))
            return index;
    return std::nullopt;
}

QRect HistoryTimeline::markRect(std::size_t index) const
{
    const MarkRecord& mark = m_marks[index];
    const QRect plot = plotArea();
    const double x = xOf(mark.atMs);
    if (x < plot.left() || x > plot.left() + plot.width())
        return {};
    const int row = mark.lock.empty() ? -1 : rowOf(mark.lock, mark.node);
    if (row < 0)
        return QRect(int(x) - 3, plot.top(), 7, plot.height());
    return QRect(int(x) - 5, plot.top() + row * rowHeight + rowHeight / 2 - 5, 11, 11);
}

void HistoryTimeline::setAudit(std::vector<AuditRecord> audit)
{
    m_audit = std::move(audit);
    update();
}

QRect HistoryTimeline::auditRect(std::size_t index) const
{
    const AuditRecord& entry = m_audit[index];
    const QRect plot = plotArea();
    const double x = xOf(entry.atMs);
    const int row = rowOf(entry.lock, entry.node);
    if (row < 0 || x < plot.left() || x > plot.left() + plot.width())
        return {};
    return QRect(int(x) - 5, plot.top() + row * rowHeight + rowHeight / 2 - 5, 11, 11);
}

const AuditRecord* HistoryTimeline::forceReleaseOf(const HoldRecord& hold) const
{
    // The action is written as it is taken; the watcher sees the release a moment later (or, by
    // polling, up to an interval later).
    constexpr long long sameMomentMs = 10000;
    if (hold.ending != HoldEnding::ForceReleased || !hold.endedMs)
        return nullptr;
    const AuditRecord* found = nullptr;
    for (const AuditRecord& entry : m_audit) {
        if (entry.action == "release" && entry.lock == hold.lock && entry.node == hold.node
            && std::llabs(entry.atMs - *hold.endedMs) <= sameMomentMs
            && (!found || std::llabs(entry.atMs - *hold.endedMs) < std::llabs(found->atMs - *hold.endedMs)))
            found = &entry;
    }
    return found;
}

QString HistoryTimeline::toolTipAt(QPoint point) const
{
    for (std::size_t i = m_audit.size(); i-- > 0;) {
        if (auditRect(i).contains(point))
            return AuditText::describe(m_audit[i]);
    }
    // Marks are small and drawn over the bars: they come first.
    for (std::size_t i = m_marks.size(); i-- > 0;) {
        if (!markRect(i).contains(point))
            continue;
        const MarkRecord& mark = m_marks[i];
        const QString when
            = QDateTime::fromMSecsSinceEpoch(mark.atMs).toString(QStringLiteral("HH:mm:ss.zzz"));
        QString text = mark.kind == "fault" ? tr("Fault injected at %1").arg(when)
                                            : tr("Admin action at %1").arg(when);
        if (!mark.lock.empty())
            text += QLatin1Char('\n') + tr("Lock: %1").arg(bytesForPeople(mark.lock));
        return text + QLatin1Char('\n') + QString::fromStdString(mark.detail);
    }
    for (std::size_t i = 0; i < m_polling.size(); ++i) {
        if (!pollingRect(i).contains(point))
            continue;
        const QString interval = LockStatisticsText::duration(m_polling[i].intervalMs);
        return tr("Watched by polling every %1 (keyspace notifications were unavailable): changes were "
                  "seen up to %1 late, and holds shorter than that may be missing.")
            .arg(interval);
    }
    const auto index = holdAt(point);
    if (!index)
        return {};
    const HoldRecord& hold = m_holds[*index];
    QStringList lines;
    lines << tr("Lock: %1").arg(bytesForPeople(hold.lock));
    lines << tr("Holder: %1").arg(bytesForPeople(hold.holder));
    lines << tr("Fence: %1").arg(hold.fence ? QString::number(*hold.fence) : tr("none"));
    lines << tr("Held: %1").arg(LockStatisticsText::duration(hold.durationMs(m_nowMs)));
    lines << tr("From %1").arg(
        QDateTime::fromMSecsSinceEpoch(hold.startedMs).toString(QStringLiteral("HH:mm:ss.zzz")));
    switch (hold.ending) {
    case HoldEnding::Open:
        lines << tr("Still held");
        break;
    case HoldEnding::Released:
        lines << tr("Released");
        break;
    case HoldEnding::Expired:
        lines << tr("Expired (the holder did not release it)");
        break;
    case HoldEnding::ForceReleased:
        if (const AuditRecord* by = forceReleaseOf(hold)) {
            lines << tr("Force-released by %1").arg(AuditText::who(*by));
            lines << AuditText::why(*by);
        } else {
            lines << tr("Force-released by an administrator");
        }
        break;
    case HoldEnding::Lost:
        lines << tr("Lost from sight (not watching)");
        break;
    }
    return lines.join(QLatin1Char('\n'));
}

void HistoryTimeline::zoom(double factor, int x)
{
    const long long anchor = msAt(x);
    const double before = double(anchor - m_window.fromMs) / double(m_window.untilMs - m_window.fromMs);
    const long long span = std::clamp(
        (long long)(double(m_window.untilMs - m_window.fromMs) * factor), minimumSpanMs, maximumSpanMs);
    const long long from = anchor - (long long)(before * double(span));
    setVisibleWindow({from, from + span});
    Q_EMIT visibleWindowChanged(m_window);
}

void HistoryTimeline::pan(int pixels)
{
    const long long shift
        = (long long)(double(pixels) * double(m_window.untilMs - m_window.fromMs) / plotArea().width());
    setVisibleWindow({m_window.fromMs - shift, m_window.untilMs - shift});
    Q_EMIT visibleWindowChanged(m_window);
}

bool HistoryTimeline::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void HistoryTimeline::wheelEvent(QWheelEvent* event)
{
    const int steps = event->angleDelta().y() / 120;
    if (steps == 0)
        return;
    zoom(std::pow(0.8, steps), int(event->position().x()));
    event->accept();
}

void HistoryTimeline::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton)
        m_pressedAt = m_draggedTo = event->position().toPoint();
}

void HistoryTimeline::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_draggedTo || !(event->buttons() & Qt::LeftButton))
        return;
    const QPoint now = event->position().toPoint();
    if ((now - *m_pressedAt).manhattanLength() < clickSlop)
        return;
    pan(now.x() - m_draggedTo->x());
    m_draggedTo = now;
    setCursor(Qt::ClosedHandCursor);
}

void HistoryTimeline::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_pressedAt || event->button() != Qt::LeftButton)
        return;
    const QPoint released = event->position().toPoint();
    const bool click = (released - *m_pressedAt).manhattanLength() < clickSlop;
    m_pressedAt.reset();
    m_draggedTo.reset();
    unsetCursor();
    if (!click)
        return;
    const int row = (released.y() - axisHeight) / rowHeight;
    if (released.y() < axisHeight || row < 0 || row >= int(m_rows.size()))
        return;
    setSelectedLock(m_rows[std::size_t(row)].lock);
    Q_EMIT lockClicked(
        bytesForPeople(m_rows[std::size_t(row)].lock), bytesForPeople(m_rows[std::size_t(row)].node));
}

void HistoryTimeline::paintAxis(QPainter& painter, const QRect& plot) const
{
    const long long span = m_window.untilMs - m_window.fromMs;
    // A tick every 1, 2, 5 × 10^n ms, about every 100 px.
    const long long wanted = std::max<long long>(1, span * 100 / std::max(1, plot.width()));
    long long step = 1;
    for (long long magnitude = 1;; magnitude *= 10) {
        if (magnitude >= wanted) {
            step = magnitude;
            break;
        }
        if (2 * magnitude >= wanted) {
            step = 2 * magnitude;
            break;
        }
        if (5 * magnitude >= wanted) {
            step = 5 * magnitude;
            break;
        }
    }
    const QString format = step < 1000 ? QStringLiteral("HH:mm:ss.zzz") : QStringLiteral("HH:mm:ss");
    painter.setPen(palette().color(QPalette::Mid));
    for (long long tick = (m_window.fromMs / step + 1) * step; tick < m_window.untilMs; tick += step) {
        const int x = int(xOf(tick));
        painter.setPen(palette().color(QPalette::Midlight));
        painter.drawLine(x, plot.top(), x, plot.bottom());
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(x - 50, 0, 100, axisHeight), Qt::AlignCenter,
            QDateTime::fromMSecsSinceEpoch(tick).toString(format));
    }
}

void HistoryTimeline::paintDiamond(QPainter& painter, const QRect& where) const
{
    QPainterPath diamond;
    diamond.moveTo(where.center().x(), where.top());
    diamond.lineTo(where.right(), where.center().y());
    diamond.lineTo(where.center().x(), where.bottom());
    diamond.lineTo(where.left(), where.center().y());
    diamond.closeSubpath();
    // Filled and outlined in one: the brush the bars left set would fill it otherwise.
    painter.setBrush(QColor(30, 90, 210));
    painter.setPen(QPen(palette().color(QPalette::Base), 1.5)); // stands out on a bar too
    painter.drawPath(diamond);
}

void HistoryTimeline::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const QRect plot = plotArea();

    // Gaps in watching first, under everything: nobody knows what happened there.
    for (const GapRecord& gap : m_gaps) {
        const double left = std::max<double>(xOf(gap.startedMs), plot.left());
        const double right = std::min<double>(xOf(gap.endedMs ? *gap.endedMs : m_nowMs), plot.right());
        if (right > left)
            painter.fillRect(QRectF(left, plot.top(), right - left, plot.height()),
                QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
    }
    paintAxis(painter, plot);
    for (std::size_t i = 0; i < m_polling.size(); ++i) {
        const QRect strip = pollingRect(i);
        if (!strip.isEmpty())
            painter.fillRect(strip, QBrush(QColor(200, 140, 20), Qt::Dense5Pattern));
    }

    for (std::size_t row = 0; row < m_rows.size(); ++row) {
        const QRect line(0, plot.top() + int(row) * rowHeight, width(), rowHeight);
        if (m_rows[row].lock == m_selectedLock)
            painter.fillRect(line, palette().color(QPalette::Highlight).lighter(170));
        painter.setPen(palette().color(QPalette::Midlight));
        painter.drawLine(line.bottomLeft(), line.bottomRight());
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(line.adjusted(6, 0, -(width() - labelWidth) - 4, 0),
            Qt::AlignVCenter | Qt::AlignLeft,
            painter.fontMetrics().elidedText(rowLabel(row), Qt::ElideMiddle, labelWidth - 10));
    }

    painter.setRenderHint(QPainter::Antialiasing);
    for (std::size_t index = 0; index < m_holds.size(); ++index) {
        const QRect bar = barRect(index);
        if (bar.isEmpty())
            continue;
        const HoldRecord& hold = m_holds[index];
        const QColor color = holderColor(hold.holder);
        painter.setPen(color.darker(140));
        painter.setBrush(hold.ending == HoldEnding::Open ? color.lighter(115) : color);
        painter.drawRoundedRect(bar, 3, 3);
        // How it ended, at its right end: a red wedge for an expiry (the holder never let go),
        // a black cross for a force-release.
        const bool endVisible = hold.endedMs && xOf(*hold.endedMs) <= plot.left() + plot.width();
        if (endVisible && hold.ending == HoldEnding::Expired) {
            QPainterPath wedge;
            wedge.moveTo(bar.right(), bar.top());
            wedge.lineTo(bar.right() - 7, bar.center().y());
            wedge.lineTo(bar.right(), bar.bottom());
            wedge.closeSubpath();
            painter.fillPath(wedge, QColor(200, 30, 30));
        } else if (endVisible && hold.ending == HoldEnding::ForceReleased) {
            painter.setPen(QPen(Qt::black, 2));
            painter.drawLine(bar.right() - 5, bar.top() + 1, bar.right() + 1, bar.bottom() - 1);
            painter.drawLine(bar.right() - 5, bar.bottom() - 1, bar.right() + 1, bar.top() + 1);
        }
    }
    // Alerts: an orange flag above the bar of the lock it is about, at the moment it fired.
    for (const AlertRecord& alert : m_alerts) {
        const int row = rowOf(alert.lock, alert.node);
        const double x = xOf(alert.atMs);
        if (row < 0 || x < plot.left() || x > plot.left() + plot.width())
            continue;
        const int top = plot.top() + row * rowHeight;
        QPainterPath flag;
        flag.moveTo(x - 5, top);
        flag.lineTo(x + 5, top);
        flag.lineTo(x, top + 8);
        flag.closeSubpath();
        painter.fillPath(flag, QColor(240, 140, 0));
    }
    // Marks: an injected fault is a purple line across the plot (or its lock's row); an admin
    // action a blue diamond on its lock's row.
    for (std::size_t i = 0; i < m_marks.size(); ++i) {
        const QRect where = markRect(i);
        if (where.isEmpty())
            continue;
        if (m_marks[i].kind == "fault") {
            painter.setPen(QPen(QColor(140, 60, 200), 2, Qt::DashLine));
            painter.drawLine(where.center().x(), where.top(), where.center().x(), where.bottom());
            continue;
        }
        paintDiamond(painter, where);
    }
    // The audit's actions (from any desk sharing the history): the same diamond, over a mark
    // of the same action.
    for (std::size_t i = 0; i < m_audit.size(); ++i) {
        const QRect where = auditRect(i);
        if (!where.isEmpty())
            paintDiamond(painter, where);
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(plot.left(), 0, plot.left(), height());
    if (m_rows.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(plot, Qt::AlignCenter, tr("No holds in this time range"));
    }
}

} // namespace lockscope::ui
