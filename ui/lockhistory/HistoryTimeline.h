#pragma once

#include "history/HistoryQuery.h"

#include <QWidget>

#include <optional>
#include <vector>

namespace lockscope::ui {

// The lock history as a timeline: one row per lock, one bar per hold coloured by its holder,
// the end of a hold that expired or was force-released marked, the gaps in watching shaded,
// the spans watched only by polling dotted under the axis.
// The wheel zooms around the pointer, dragging pans, hovering tells who held it, with which
// fence and for how long, and a click selects the lock (lockClicked). Paints what it is given
// (setHistory); the window reads the database.
class HistoryTimeline : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryTimeline(QWidget* parent = nullptr);

    void setHistory(std::vector<HoldRecord> holds, std::vector<GapRecord> gaps, long long nowMs,
        std::vector<AlertRecord> alerts = {}, std::vector<MarkRecord> marks = {});
    const std::vector<AlertRecord>& alerts() const { return m_alerts; }
    const std::vector<MarkRecord>& marks() const { return m_marks; }
    // Where mark `index` of marks() is drawn now: its lock's row, or the whole plot's height for
    // a mark about no lock shown (empty when outside the visible window).
    QRect markRect(std::size_t index) const;
    // The admin actions (the audit): a diamond on their lock's row, saying who and why when
    // hovered; a force-released hold's end says it too.
    void setAudit(std::vector<AuditRecord> audit);
    const std::vector<AuditRecord>& audit() const { return m_audit; }
    // Where audit entry `index` is drawn now (empty: its lock is not shown, or outside the window).
    QRect auditRect(std::size_t index) const;
    const std::vector<HoldRecord>& holds() const { return m_holds; }
    // The spans watched by polling: a dotted strip under the time axis (changes there were seen
    // up to one interval late; holds shorter than it may be missing).
    void setPollingSpans(std::vector<PollingSpan> spans);
    const std::vector<PollingSpan>& pollingSpans() const { return m_polling; }
    // Where polling span `index` is drawn now (empty when outside the visible window).
    QRect pollingRect(std::size_t index) const;

    TimeWindow visibleWindow() const { return m_window; }
    void setVisibleWindow(TimeWindow window);
    // The lock whose row is highlighted (raw bytes; empty: none).
    void setSelectedLock(const std::string& lock);
    const std::string& selectedLock() const { return m_selectedLock; }

    // Where hold `index` of holds() is drawn now (empty when outside the visible window).
    QRect barRect(std::size_t index) const;
    // The rows, one a lock (by key and server), and what each is labelled: the lock's name (its
    // library's, else its key), after its server where the history shown has more than one.
    std::size_t rowCount() const { return m_rows.size(); }
    QString rowLabel(std::size_t row) const;
    // The hold drawn at `point`, if any.
    std::optional<std::size_t> holdAt(QPoint point) const;
    // What hovering at `point` shows (empty: nothing there).
    QString toolTipAt(QPoint point) const;
    // Zooms by `factor` (below 1: in) keeping the time under `x` where it is.
    void zoom(double factor, int x);
    // Moves the visible window by `pixels` of the current scale (positive: towards the past).
    void pan(int pixels);

    QSize sizeHint() const override;

Q_SIGNALS:
    // The user zoomed or panned: the caller reads the new window (and stops following live).
    void visibleWindowChanged(const lockscope::TimeWindow& window);
    void lockClicked(const QString& lock, const QString& node);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    struct Row
    {
        std::string lock;
        std::string node;
        std::string apiName;
    };
    void rebuildRows();
    int rowOf(const std::string& lock, const std::string& node) const;
    QRect plotArea() const;
    double xOf(long long ms) const;
    long long msAt(double x) const;
    long long endOf(const HoldRecord& hold) const;
    static QColor holderColor(const std::string& holder);
    // The audit entry of the force-release that ended `hold` (a release of its lock within
    // seconds of its end), if the history has it.
    const AuditRecord* forceReleaseOf(const HoldRecord& hold) const;
    // A diamond in `where`, for an admin action.
    void paintDiamond(QPainter& painter, const QRect& where) const;
    void paintAxis(QPainter& painter, const QRect& plot) const;

    std::vector<HoldRecord> m_holds;
    std::vector<GapRecord> m_gaps;
    std::vector<AlertRecord> m_alerts;
    std::vector<MarkRecord> m_marks;
    std::vector<AuditRecord> m_audit;
    std::vector<PollingSpan> m_polling;
    std::vector<Row> m_rows;
    bool m_severalServers = false; // among m_rows
    long long m_nowMs = 0;
    TimeWindow m_window;
    std::string m_selectedLock;
    std::optional<QPoint> m_pressedAt;
    std::optional<QPoint> m_draggedTo;
};

} // namespace lockscope::ui
