#include "monitor/table/LockRowOrder.h"

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

bool isNumber(const QVariant& value)
{
    const int type = value.metaType().id();
    return type == QMetaType::Int || type == QMetaType::LongLong;
}

} // namespace

LockRowOrder::LockRowOrder(int column, Qt::SortOrder order, qint64 nowMs, QHash<quint16, QString> serverNames)
    : m_column(column)
    , m_order(order)
    , m_nowMs(nowMs)
    , m_serverNames(std::move(serverNames))
{
}

bool LockRowOrder::lessThan(const LockRecord& left, const LockRecord& right, int column, qint64 nowMs,
    const QHash<quint16, QString>& serverNames)
{
    if (!left.isKnown() || !right.isKnown())
        return left.isKnown() && !right.isKnown();
    if (column == LockTableModel::NameColumn) {
        const auto order
            = compareShownAsThemselves(left.snapshot().shownName(), right.snapshot().shownName());
        if (order)
            return *order < 0;
    }
    const bool byServer = column == LockTableModel::ServerColumn;
    const QVariant a = LockTableModel::sortValueOf(
        left, column, nowMs, byServer ? serverNames.value(left.server()) : QString());
    const QVariant b = LockTableModel::sortValueOf(
        right, column, nowMs, byServer ? serverNames.value(right.server()) : QString());
    if (isNumber(a) && isNumber(b))
        return a.toLongLong() < b.toLongLong();
    return a.toString().compare(b.toString(), Qt::CaseInsensitive) < 0;
}

} // namespace lockscope::ui
