#pragma once

#include "base/LockStatisticsReport.h"
#include "base/WorkerThreads.h"
#include "connection/MonitorSettings.h"
#include "history/AlertEvaluator.h"

#include <QMutex>
#include <QObject>
#include <QString>

#include <memory>

namespace lockscope {
class HistoryRecordingSink;
class LockEventSink;
} // namespace lockscope

namespace lockscope::ui {

// History on by default: every connection the GUI opens records its lock events into the
// history database of its profile (core's HistoryLocation, one file per profile). It hands the
// monitor a sink per connection (the writes happen on the monitor's thread) and keeps one
// thread of its own that commits the batches. A database that cannot be used is reported
// (problem()) and the monitor goes on without history.
class HistoryRecording : public QObject
{
    Q_OBJECT

public:
    explicit HistoryRecording(QObject* parent = nullptr);
    ~HistoryRecording() override;

    // The default database of `profile` (a profile's name, or host:port for a plain URL).
    static QString defaultPath(const QString& profile);

    // The alert rules of the connections started from now on. By default: held longer than
    // 60 s, stuck, more than 10 waiters, a force-release.
    void setAlertRules(AlertRules rules) { m_rules = rules; }
    AlertRules alertRules() const { return m_rules; }
    // A profile's alert settings as rules.
    static AlertRules alertRulesOf(const MonitorSettings& settings);

    // Starts recording a new connection into `path` (the previous one stops): give the sink to
    // the monitor before it opens the connection. An empty path: history off, alerts only.
    // `source`: the watched server, as a shared (PostgreSQL) history names its rows.
    std::shared_ptr<LockEventSink> start(const QString& path, const QString& source = {});
    // The connection closed: flushes and ends the session (on the history's thread).
    void stop();
    // A mark on the timeline of the connection being recorded (see HistoryRecorder::recordMark).
    void recordMark(const QString& kind, const QString& node, const std::string& lock, const QString& detail);

    // Reads the statistics of lock `rawName` over the last `windowMs` from the database being
    // recorded, on the history's thread; the answer comes as statisticsRead(), tagged `lock`.
    void requestStatistics(const LockId& lock, long long windowMs);

    QString databasePath() const { return m_path; }
    // Why the current database is not recorded into; empty while all is well.
    QString problem() const { return m_problem; }

Q_SIGNALS:
    void databaseChanged(const QString& path);
    void problemOccurred(const QString& message);
    // An alert fired (it is in the history as well): `text` in words (LockAlertText).
    void alertRaised(const QString& lock, const QString& text);
    // The alerts whose condition holds now changed (empty when the connection closes): the
    // monitor highlights their locks.
    void activeAlertsChanged(const std::vector<lockscope::LockAlert>& alerts);
    void statisticsRead(const lockscope::ui::LockStatisticsReport& report);

private:
    void flushIfDue();

    WorkerThreads m_threads; // one: the history thread
    QObject* m_threadContext; // lives on the history thread: what runs there is queued to it
    mutable QMutex m_mutex; // guards m_sink, which the flush timer reads on the history thread
    std::shared_ptr<HistoryRecordingSink> m_sink;
    QString m_path;
    QString m_problem;
    AlertRules m_rules = alertRulesOf(MonitorSettings {});
};

} // namespace lockscope::ui
