#include "monitor/LockTableView.h"

#include <QHeaderView>

namespace lockscope::ui {

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
