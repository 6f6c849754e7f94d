#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;

namespace lockscope::ui {

class ConnectionController;
class ContentionDemoView;
class StressPanel;

// The Tools menu of the main window: the stress test and the contention demo, each in its own
// window, created when first asked for and kept pointed at the controller's current connection.
class ToolWindows : public QObject
{
    Q_OBJECT

public:
    ToolWindows(QMainWindow& window, ConnectionController& controller);

    QAction* stressAction() const { return m_stressAction; }
    QAction* demoAction() const { return m_demoAction; }

public Q_SLOTS:
    StressPanel* showStressPanel();
    ContentionDemoView* showDemoView();

Q_SIGNALS:
    // A stress run injected faults into the server at `node`: a mark for its lock history.
    void faultsMarked(const QString& node, const QString& detail);

private:
    void updateConnections();

    QMainWindow& m_window;
    ConnectionController& m_controller;
    QAction* m_stressAction;
    QAction* m_demoAction;
    QPointer<StressPanel> m_stressPanel;
    QPointer<ContentionDemoView> m_demoView;
};

} // namespace lockscope::ui
