#include "monitor/LockFilterProxyModel.h"

#include "monitor/LockTableModel.h"
#include "monitor/table/LockRowOrder.h"

namespace lockscope::ui {

LockFilterProxyModel::LockFilterProxyModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(LockTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void LockFilterProxyModel::setTextFilter(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateRowsFilter();
}

void LockFilterProxyModel::setKindFilter(std::optional<LockKind> kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    invalidateRowsFilter();
}

void LockFilterProxyModel::setNodeFilter(const QString& node)
{
    if (node == m_node)
        return;
    m_node = node;
    invalidateRowsFilter();
}

void LockFilterProxyModel::setServerFilter(std::optional<quint16> server)
{
    if (server == m_server)
        return;
    m_server = server;
    invalidateRowsFilter();
}

void LockFilterProxyModel::setStateFilter(std::optional<LockRecord::State> state)
{
    if (state == m_state)
        return;
    m_state = state;
    invalidateRowsFilter();
}

void LockFilterProxyModel::setShowPossible(bool show)
{
    if (m_showPossible == show)
        return;
    m_showPossible = show;
    invalidateFilter();
}

bool LockFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    auto* locks = qobject_cast<const LockTableModel*>(sourceModel());
    if (!locks || sourceParent.isValid())
        return true;
    const LockRecord& lock = locks->recordAt(sourceRow);
    if (m_kind && lock.kind() != *m_kind)
        return false;
    if (lock.possible() && !m_showPossible)
        return false;
    if (!m_node.isEmpty() && lock.node() != m_node)
        return false;
    if (m_server && lock.server() != *m_server)
        return false;
    if (m_state && lock.state(locks->nowMs()) != *m_state)
        return false;
    if (m_text.isEmpty())
        return true;
    if (lock.name().contains(m_text, Qt::CaseInsensitive)
        || lock.library().contains(m_text, Qt::CaseInsensitive))
        return true;
    for (const QString& key : lock.keys()) {
        if (key.contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return lock.node().contains(m_text, Qt::CaseInsensitive)
        || lock.holdersText().contains(m_text, Qt::CaseInsensitive);
}

bool LockFilterProxyModel::lessThan(const QModelIndex& sourceLeft, const QModelIndex& sourceRight) const
{
    auto* locks = qobject_cast<const LockTableModel*>(sourceModel());
    if (!locks || sourceLeft.column() != sourceRight.column())
        return QSortFilterProxyModel::lessThan(sourceLeft, sourceRight);
    const int column = sourceLeft.column();
    const qint64 nowMs
        = column == LockTableModel::TtlColumn || column == LockTableModel::StateColumn ? locks->nowMs() : 0;
    return LockRowOrder::lessThan(locks->recordAt(sourceLeft.row()), locks->recordAt(sourceRight.row()),
        column, nowMs, locks->serverNames());
}

} // namespace lockscope::ui
