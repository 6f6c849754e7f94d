#include "app/MainWindowSettings.h"

#include "monitor/LockMonitorView.h"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>

namespace lockscope::ui {

namespace {

const QString geometryKey = QStringLiteral("mainWindow/geometry");
const QString stateKey = QStringLiteral("mainWindow/state");
const QString splitterKey = QStringLiteral("mainWindow/splitter");
const QString monitorSplitterKey = QStringLiteral("mainWindow/monitorSplitters");
const QString fleetKey = QStringLiteral("fleet/servers");

} // namespace

void MainWindowSettings::restore(QMainWindow& window, LockMonitorView& monitor)
{
    QSettings settings;
    if (settings.contains(geometryKey))
        window.restoreGeometry(settings.value(geometryKey).toByteArray());
    if (settings.contains(stateKey))
        window.restoreState(settings.value(stateKey).toByteArray());
    if (auto* splitter = qobject_cast<QSplitter*>(window.centralWidget());
        splitter && settings.contains(splitterKey))
        splitter->restoreState(settings.value(splitterKey).toByteArray());
    if (settings.contains(monitorSplitterKey))
        monitor.restoreSplitterState(settings.value(monitorSplitterKey).toByteArray());
}

void MainWindowSettings::save(
    const QMainWindow& window, const LockMonitorView& monitor, const QStringList& fleet)
{
    QSettings settings;
    settings.setValue(geometryKey, window.saveGeometry());
    settings.setValue(stateKey, window.saveState());
    if (auto* splitter = qobject_cast<QSplitter*>(window.centralWidget()))
        settings.setValue(splitterKey, splitter->saveState());
    settings.setValue(monitorSplitterKey, monitor.saveSplitterState());
    settings.setValue(fleetKey, fleet);
}

QStringList MainWindowSettings::savedFleet()
{
    return QSettings().value(fleetKey).toStringList();
}

} // namespace lockscope::ui
