#pragma once

#include <QLabel>

namespace lockscope::ui {

// A one-line label that never asks for more room than it gets: a long text (a connection error,
// say) is elided at the right instead of widening the window, and text() stays the whole text.
// Whoever sets the text puts the whole of it in the tooltip as well (see ConnectionStatusBar).
class ElidedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;
    // Whether the text shown now is shorter than text().
    bool isElided() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString shownText() const;
};

} // namespace lockscope::ui
