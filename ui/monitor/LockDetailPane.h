#pragma once

#include "base/LockStatisticsReport.h"
#include "monitor/LockKeysReport.h"
#include "monitor/LockRecord.h"
#include "monitor/LockUpdateBatch.h"

#include <QTextBrowser>

namespace lockscope::ui {

// Everything about the selected lock: each holder (a Redisson client UUID and thread apart),
// the waiters with their deadlines, the Redis keys behind it with their raw contents (escaped,
// read on the admin worker when the lock is selected), its recorded hold statistics (from the
// connection's history) and the changes seen since the window opened.
class LockDetailPane : public QTextBrowser
{
    Q_OBJECT

public:
    explicit LockDetailPane(QWidget* parent = nullptr);

    // The details as plain text (for "Copy Details").
    QString plainDetails() const { return toPlainText(); }

public Q_SLOTS:
    void showLock(
        const lockscope::ui::LockRecord& lock, const QList<lockscope::ui::LockEventRecord>& history);
    void showKeys(const lockscope::ui::LockKeysReport& report);
    // The lock's recorded hold statistics (from the connection's history), if it is still shown.
    void showStatistics(const lockscope::ui::LockStatisticsReport& report);
    void showNothing();
    // The open server of the locks shown from now on, named at the top (empty: one server, the
    // status bar names it).
    void setServerName(const QString& name) { m_serverName = name; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    QString m_serverName;
    std::optional<LockRecord> m_lock;
    QList<LockEventRecord> m_history;
    std::optional<LockKeysReport> m_keys;
    std::optional<LockStatisticsReport> m_statistics;
};

} // namespace lockscope::ui
