#pragma once

#include "monitor/LockUpdateBatch.h"

#include <QAbstractTableModel>
#include <QList>

namespace lockscope::ui {

// Every lock event since the window opened (appeared, changed, released, expired, admin
// actions), newest last, appended a batch at a time. Holds `capacity` events, and up to an
// eighth more: the oldest go first, an eighth of the capacity at a time rather than a few with
// every batch, as each removal costs a view's header a pass over all its rows (Qt's QHeaderView
// re-indexes its hidden sections on every removal).
class LockEventLogModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        TimeColumn,
        EventColumn,
        LockColumn,
        NodeColumn,
        DetailsColumn,
        ColumnCount,
    };

    explicit LockEventLogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setCapacity(int capacity) { m_capacity = capacity; }
    const LockEventRecord& eventAt(int row) const { return m_events.at(row); }
    // The events of one lock, oldest first: its history.
    QList<LockEventRecord> historyOf(const LockRecord& lock) const;

    static QString typeName(LockEventRecord::Type type);

public Q_SLOTS:
    void append(const QList<lockscope::ui::LockEventRecord>& events);
    void appendBatch(const lockscope::ui::LockUpdateBatch& batch);
    void clear();

private:
    QList<LockEventRecord> m_events;
    int m_capacity = 50'000;
};

} // namespace lockscope::ui
