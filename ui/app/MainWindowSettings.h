#pragma once

#include <QStringList>

class QMainWindow;

namespace lockscope::ui {

class LockMonitorView;

// What the main window keeps between runs (QSettings): its geometry, toolbars and docks, its
// splitters and the monitor's, and the servers it had open. Never a password.
class MainWindowSettings
{
public:
    static void restore(QMainWindow& window, LockMonitorView& monitor);
    // `fleet`: the open servers as Fleet::entries() lists them.
    static void save(const QMainWindow& window, const LockMonitorView& monitor, const QStringList& fleet);
    // The fleet the window had when it last closed (entries for Fleet::openEntries).
    static QStringList savedFleet();
};

} // namespace lockscope::ui
