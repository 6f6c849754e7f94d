#include "monitor/LockFilterProxyModel.h"

#include "monitor/LockTableModel.h"

#include "common/EscapeSequence.h"

#include <array>
#include <optional>
#include <string_view>

namespace lockscope::ui {

namespace {

// Whether a byte shows as itself in an escaped name (escapeBytes).
bool showsAsItself(unsigned char c)
{
    static const auto table = [] {
        std::array<bool, 256> plain {};
        for (int c = 0x20; c < 0x7f; ++c)
            plain[size_t(c)] = EscapeSequence::shortFor(static_cast<unsigned char>(c)).empty();
        return plain;
    }();
    return table[c];
}

// The order QString::compare(Qt::CaseInsensitive) gives the escaped names, when both show as
// they are (for ASCII that folds A-Z to a-z); nullopt for any other name.
std::optional<int> compareShownAsThemselves(std::string_view a, std::string_view b)
{
    const size_t common = std::min(a.size(), b.size());
    for (size_t i = 0; i < common; ++i) {
        const auto x = static_cast<unsigned char>(a[i]);
        const auto y = static_cast<unsigned char>(b[i]);
        if (!showsAsItself(x) || !showsAsItself(y))
            return std::nullopt;
        const int lx = (x >= 'A' && x <= 'Z') ? x + 32 : x;
        const int ly = (y >= 'A' && y <= 'Z') ? y + 32 : y;
        if (lx != ly)
            return lx - ly;
    }
    for (size_t i = common; i < a.size(); ++i)
        if (!showsAsItself(static_cast<unsigned char>(a[i])))
            return std::nullopt;
    for (size_t i = common; i < b.size(); ++i)
        if (!showsAsItself(static_cast<unsigned char>(b[i])))
            return std::nullopt;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

} // namespace

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
    if (locks && sortCaseSensitivity() == Qt::CaseInsensitive
        && sourceLeft.column() == LockTableModel::NameColumn
        && sourceRight.column() == LockTableModel::NameColumn) {
        const auto order = compareShownAsThemselves(locks->recordAt(sourceLeft.row()).snapshot().shownName(),
            locks->recordAt(sourceRight.row()).snapshot().shownName());
        if (order)
            return *order < 0;
    }
    return QSortFilterProxyModel::lessThan(sourceLeft, sourceRight);
}

} // namespace lockscope::ui
