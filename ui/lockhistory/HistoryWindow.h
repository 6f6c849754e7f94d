#pragma once

#include "base/WorkerThreads.h"
#include "lockhistory/HistoryReadout.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace lockscope::ui {

class HistoryAuditList;
class HistoryStatisticsPanel;
class HistoryTimeline;

// Tools › Lock History: the timeline of one history database with its statistics. Follows
// live (re-reads every second, the window ending now) until the user zooms or pans; reads run
// on a thread of the window's own (HistoryReader). Shows where the database is, or why it
// cannot be read.
class HistoryWindow : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryWindow(QWidget* parent = nullptr);
    ~HistoryWindow() override;

    // The database to show (empty: none); `problem` says why it is not being recorded into.
    void setDatabase(const QString& path, const QString& problem = {});
    QString databasePath() const { return m_path; }
    void setFollowing(bool following);
    bool isFollowing() const;

    HistoryTimeline* timeline() const { return m_timeline; }
    HistoryStatisticsPanel* statistics() const { return m_statistics; }
    HistoryAuditList* auditList() const { return m_audit; }
    QString headerText() const;
    // Reads again now (asynchronously; readoutShown() follows).
    void refresh();
    // Selects the lock whose key or library's name is `name` (as Enter in the find field does);
    // a name of no recorded lock, or of several keys, is said in the header.
    void findLock(const QString& name);

Q_SIGNALS:
    // The user clicked a lock: the main window selects it in the monitor.
    void lockSelected(const QString& lock, const QString& node);
    void readoutShown();
    // To the reader's thread.
    void readRequested(const lockscope::ui::HistoryRequest& request);

private:
    void showReadout(const HistoryReadout& readout);
    void showFound(const HistoryReadout& readout);
    void updateHeader();

    QString m_path;
    QString m_problem;
    QString m_readError;
    QLabel* m_header;
    QCheckBox* m_follow;
    QLineEdit* m_find;
    std::string m_findName; // asked for, not answered yet
    QString m_findResult; // why the last find selected nothing
    HistoryTimeline* m_timeline;
    HistoryStatisticsPanel* m_statistics;
    HistoryAuditList* m_audit;
    QTimer* m_refreshTimer;
    WorkerThreads m_threads;
    bool m_reading = false;
    bool m_readAgain = false;
};

} // namespace lockscope::ui
