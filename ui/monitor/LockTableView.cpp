#include "monitor/LockTableView.h"

#include <QHeaderView>
#include <QTimer>

#include <utility>

namespace lockscope::ui {

LockTableView::LockTableView(QWidget* parent)
    : QTableView(parent)
    , m_scrollBarUpdate(new QTimer(this))
{
    m_scrollBarUpdate->setSingleShot(true);
    // A listing going in adds rows every few milliseconds: the scroll bar follows a few times a
    // second, not at each step. Each repaint of its tall groove is a fill that Qt's raster engine
    // splits over the threads of QThreadPool::globalInstance() and waits for: on a busy machine
    // the GUI thread waited there, blocked, for pool threads that waited for a CPU.
    m_scrollBarUpdate->setInterval(scrollBarIntervalMs);
    connect(m_scrollBarUpdate, &QTimer::timeout, this, &LockTableView::updateGeometries);
    // QTableView lays itself out again (and repaints everything) whenever the row count changes:
    // that stays so, except for rows that come out of sight.
    // (Qt 6.4 connects it by name; later versions may connect the member function.)
    if (!disconnect(
            verticalHeader(), SIGNAL(sectionCountChanged(int, int)), this, SLOT(rowCountChanged(int, int))))
        disconnect(
            verticalHeader(), &QHeaderView::sectionCountChanged, this, &LockTableView::rowCountChanged);
    connect(verticalHeader(), &QHeaderView::sectionCountChanged, this, &LockTableView::rowCountChangedTo);
}

void LockTableView::setModel(QAbstractItemModel* model)
{
    if (QAbstractItemModel* old = this->model())
        disconnect(old, &QAbstractItemModel::rowsAboutToBeInserted, this, nullptr);
    QTableView::setModel(model);
    if (model)
        connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this,
            [this](const QModelIndex& parent, int first, int) { noteRowsComing(parent, first); });
}

void LockTableView::noteRowsComing(const QModelIndex& parent, int first)
{
    // They go after row first - 1: below the viewport when that row ends at or below its bottom
    // (and every row after it, which they push down, was out of sight already).
    m_rowsComeOutOfSight = isVisible() && !parent.isValid() && first > 0
        && rowViewportPosition(first - 1) >= 0
        && rowViewportPosition(first - 1) + rowHeight(first - 1) >= viewport()->height();
}

void LockTableView::rowCountChangedTo(int oldCount, int newCount)
{
    const bool outOfSight = std::exchange(m_rowsComeOutOfSight, false);
    if (outOfSight && newCount > oldCount) {
        if (!m_scrollBarUpdate->isActive())
            m_scrollBarUpdate->start();
        return;
    }
    rowCountChanged(oldCount, newCount);
}

void LockTableView::repaintColumn(int column)
{
    if (!isVisible() || isColumnHidden(column))
        return;
    const int x = columnViewportPosition(column);
    viewport()->update(QRect(x, 0, columnWidth(column), viewport()->height()));
}

void LockTableView::dataChanged(
    const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid() || topLeft == bottomRight) {
        QTableView::dataChanged(topLeft, bottomRight, roles); // one cell: Qt repaints just it
        return;
    }
    if (!isVisible())
        return;
    // Rows and columns as the view shows them (sorted rows, moved sections): the changed block
    // covers the rows from the first to the last and may lie partly out of sight.
    const int top = rowViewportPosition(topLeft.row());
    const int bottom = rowViewportPosition(bottomRight.row()) + rowHeight(bottomRight.row());
    if (bottom <= 0 || top >= viewport()->height())
        return; // all of it scrolled out of sight
    int left = viewport()->width();
    int right = 0;
    for (int column = topLeft.column(); column <= bottomRight.column(); ++column) {
        if (isColumnHidden(column))
            continue;
        const int x = columnViewportPosition(column);
        left = std::min(left, x);
        right = std::max(right, x + columnWidth(column));
    }
    if (right <= left)
        return;
    viewport()->update(QRect(
        left, std::max(0, top), right - left, std::min(viewport()->height(), bottom) - std::max(0, top)));
}

} // namespace lockscope::ui
