#pragma once

#include "monitor/LockRecord.h"

#include <QHash>
#include <QString>

namespace lockscope::ui {

// The order of the lock table's rows by one of its columns: the sort/filter proxy sorts by it,
// and a monitor sorts its listing by it before handing it over (off the GUI thread), so that the
// table loads a listing in the order it shows it and each loading step lands as one block at its
// end instead of thousands of single rows scattered over it. Numbers compare as numbers, texts
// without regard to case; a name that shows as it is (printable ASCII) compares as its bytes,
// without making its text: sorting 100,000 rows compares about 1.7 million pairs.
class LockRowOrder
{
public:
    // `serverNames`: the open servers' names, for the Server column.
    LockRowOrder(int column, Qt::SortOrder order, qint64 nowMs, QHash<quint16, QString> serverNames = {});

    // Whether `left` goes before `right` in this order.
    bool operator()(const LockRecord& left, const LockRecord& right) const
    {
        return m_order == Qt::AscendingOrder ? lessThan(left, right, m_column, m_nowMs, m_serverNames)
                                             : lessThan(right, left, m_column, m_nowMs, m_serverNames);
    }
    // Whether `left` goes before `right` by `column`, ascending, at `nowMs` (the TTL left and the
    // state change with time).
    static bool lessThan(const LockRecord& left, const LockRecord& right, int column, qint64 nowMs,
        const QHash<quint16, QString>& serverNames);

private:
    int m_column;
    Qt::SortOrder m_order;
    qint64 m_nowMs;
    QHash<quint16, QString> m_serverNames;
};

} // namespace lockscope::ui
