#pragma once

#include <QTableView>

class QTimer;

namespace lockscope::ui {

// The lock table's view: repaints only what changed. Qt 6.4's item views repaint the whole
// viewport for any dataChanged wider than one cell, and a full repaint lays out the text of
// every visible cell again: with 1,000 locks changing a second, nearly all of them scrolled
// out of sight, that kept the GUI from its event loop. Changes to rows
// out of sight repaint nothing; the countdown repaints its columns, not the whole table.
// Likewise rows inserted below the visible ones (a listing going in, in steps, at the end of
// the sorted table) only update the scroll bar: Qt lays out and repaints the whole table for
// every change of the row count, once for each loading step.
class LockTableView : public QTableView
{
    Q_OBJECT

public:
    explicit LockTableView(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;
    // Repaints the visible cells of `column` (a model column; moved sections are followed).
    void repaintColumn(int column);

protected:
    void dataChanged(
        const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles = {}) override;

private:
    // Before rows come: whether they go below the last visible row.
    void noteRowsComing(const QModelIndex& parent, int first);
    // The vertical header's count changed (rows came, went, or the model was reset).
    void rowCountChangedTo(int oldCount, int newCount);

    static constexpr int scrollBarIntervalMs = 100;
    bool m_rowsComeOutOfSight = false;
    QTimer* m_scrollBarUpdate; // the scroll bar's range, after rows came out of sight
};

} // namespace lockscope::ui
