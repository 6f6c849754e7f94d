#include "monitor/LockFilterProxyModel.h"

#include "monitor/LockTableModel.h"

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
    if (m_kind && lock.kind != *m_kind)
        return false;
    if (lock.possible && !m_showPossible)
        return false;
    if (!m_node.isEmpty() && lock.node != m_node)
        return false;
    if (m_state && lock.state(locks->nowMs()) != *m_state)
        return false;
    if (m_text.isEmpty())
        return true;
    return lock.name.contains(m_text, Qt::CaseInsensitive)
        || lock.library.contains(m_text, Qt::CaseInsensitive)
        || lock.node.contains(m_text, Qt::CaseInsensitive)
        || lock.holdersText().contains(m_text, Qt::CaseInsensitive);
}

} // namespace lockscope::ui
