#pragma once

#include <QFrame>

class QLabel;

namespace lockscope::ui {

// What the lock area shows before there is a lock to list: a clear statement of why it is
// empty and what will appear, never a blank area or made-up rows.
class LocksEmptyState : public QFrame
{
    Q_OBJECT

public:
    explicit LocksEmptyState(QWidget* parent = nullptr);

public Q_SLOTS:
    // Whether a server is connected: without one, the panel says so instead.
    void setConnected(bool connected);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateTexts();
    void updateIcon();

    QLabel* m_icon;
    QLabel* m_title;
    QLabel* m_body;
    bool m_connected = false;
};

} // namespace lockscope::ui
