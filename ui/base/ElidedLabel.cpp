#include "base/ElidedLabel.h"

#include <QPainter>
#include <QStyle>

namespace lockscope::ui {

ElidedLabel::ElidedLabel(QWidget* parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    // Its natural width where there is room; less (elided) where there is not.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QMargins margins = contentsMargins();
    return {fontMetrics().horizontalAdvance(QStringLiteral("…")) + margins.left() + margins.right(),
        QLabel::minimumSizeHint().height()};
}

QString ElidedLabel::shownText() const
{
    // Only the first line: a status bar keeps one.
    const QString line = text().section(QLatin1Char('\n'), 0, 0);
    return fontMetrics().elidedText(line, Qt::ElideRight, contentsRect().width());
}

bool ElidedLabel::isElided() const
{
    return shownText() != text();
}

void ElidedLabel::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    style()->drawItemText(
        &painter, contentsRect(), int(alignment()), palette(), isEnabled(), shownText(), foregroundRole());
}

} // namespace lockscope::ui
