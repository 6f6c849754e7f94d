#pragma once

#include <QStyledItemDelegate>

namespace lockscope::ui {

// Paints the TTL column as a bar of the lease left (of the largest TTL seen for the lock) with
// the time as text; green, then amber, then red as it runs out.
class TtlBarDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(
        QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace lockscope::ui
