#pragma once

#include <QTableView>

namespace lockscope::ui {

// The lock table's view: repaints only what changed. Qt 6.4's item views repaint the whole
// viewport for any dataChanged wider than one cell, and a full repaint lays out the text of
// every visible cell again: with 1,000 locks changing a second, nearly all of them scrolled
// out of sight, that kept the GUI from its event loop. Changes to rows
// out of sight repaint nothing; the countdown repaints its columns, not the whole table.
class LockTableView : public QTableView
{
    Q_OBJECT

public:
    using QTableView::QTableView;

    // Repaints the visible cells of `column` (a model column; moved sections are followed).
    void repaintColumn(int column);

protected:
    void dataChanged(
        const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles = {}) override;
};

} // namespace lockscope::ui
