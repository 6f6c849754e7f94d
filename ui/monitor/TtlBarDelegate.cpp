#include "monitor/TtlBarDelegate.h"

#include "monitor/LockTableModel.h"

#include <QApplication>
#include <QPainter>

namespace lockscope::ui {

void TtlBarDelegate::paint(
    QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const double fraction = index.data(LockTableModel::TtlFractionRole).toDouble();
    if (fraction < 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QRect area = opt.rect.adjusted(3, 3, -3, -3);
    const QColor fill = fraction > 0.5 ? QColor(0x3c, 0xa0, 0x5a)
        : fraction > 0.2               ? QColor(0xd9, 0x9a, 0x20)
                                       : QColor(0xd0, 0x40, 0x40);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor track = opt.palette.color(QPalette::Mid);
    track.setAlpha(70);
    painter->setPen(Qt::NoPen);
    painter->setBrush(track);
    painter->drawRoundedRect(area, 3, 3);
    QColor bar = fill;
    bar.setAlpha(150);
    painter->setBrush(bar);
    painter->drawRoundedRect(
        QRect(area.left(), area.top(), int(area.width() * fraction), area.height()), 3, 3);
    painter->setPen(opt.state & QStyle::State_Selected ? opt.palette.color(QPalette::HighlightedText)
                                                       : opt.palette.color(QPalette::Text));
    painter->drawText(area.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
    painter->restore();
}

} // namespace lockscope::ui
