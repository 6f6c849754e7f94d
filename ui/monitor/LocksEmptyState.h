#pragma once

#include "connection/ConnectionStatus.h"

#include <QFrame>

class QAction;
class QLabel;
class QPushButton;

namespace lockscope::ui {

// What the lock area shows before there is a lock to list: a clear statement of why it is
// empty and what will appear, never a blank area or made-up rows.
class LocksEmptyState : public QFrame
{
    Q_OBJECT

public:
    explicit LocksEmptyState(QWidget* parent = nullptr);
    // Offers `action` (File › Connections…) as a button while there is no server to show.
    void setConnectionsAction(QAction* action);

public Q_SLOTS:
    // What to say depends on the connection: waiting for a server is not the same as a server
    // without locks.
    void showConnection(const lockscope::ui::ConnectionStatus& status);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateTexts();
    void updateIcon();

    QLabel* m_icon;
    QLabel* m_title;
    QLabel* m_body;
    QPushButton* m_connections;
    bool m_connectionsOffered = false;
    ConnectionStatus::State m_state = ConnectionStatus::State::NotConnected;
    QString m_endpoint;
};

} // namespace lockscope::ui
