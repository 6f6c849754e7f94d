#include "lockhistory/HistoryRecording.h"

#include "base/CoreTexts.h"
#include "history/HistoryLocation.h"
#include "history/HistoryRecordingSink.h"
#include "lockhistory/LockAlertText.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QPointer>
#include <QProcessEnvironment>
#include <QThread>
#include <QTimer>

namespace lockscope::ui {

HistoryRecording::HistoryRecording(QObject* parent)
    : QObject(parent)
    , m_threadContext(new QObject)
{
    // The timer is the context's child before the move, so that it moves (and fires) with it.
    auto* timer = new QTimer(m_threadContext);
    QThread* thread = m_threads.adopt(m_threadContext, QStringLiteral("lockscope-history"));
    // HistoryRecorder::flushIfDue's suggested cadence: a batch older than 1 s is committed soon.
    constexpr int flushIntervalMs = 200;
    timer->setInterval(flushIntervalMs);
    connect(timer, &QTimer::timeout, m_threadContext, [this] { flushIfDue(); });
    connect(thread, &QThread::started, timer, qOverload<>(&QTimer::start));
    thread->start();
}

HistoryRecording::~HistoryRecording()
{
    stop();
    // Waits for the closes queued so far (a clean end of each session) before the thread ends.
    QMetaObject::invokeMethod(
        m_threadContext, [] {}, Qt::BlockingQueuedConnection);
    m_threads.retireAndWait();
}

QString HistoryRecording::defaultPath(const QString& profile)
{
    std::map<std::string, std::string> environment;
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    for (const QString& name : system.keys())
        environment[name.toStdString()] = system.value(name).toStdString();
    return QString::fromStdString(HistoryLocation::defaultPath(profile.toStdString(), environment));
}

std::shared_ptr<LockEventSink> HistoryRecording::start(const QString& path, const QString& source)
{
    stop();
    QPointer<HistoryRecording> self(this);
    // The callbacks run on the monitor's or the history's thread: what they say goes to the GUI
    // thread, and is dropped once this object is gone.
    auto onProblem = [self](const RedisError& error) {
        const QString message = CoreTexts::error(error);
        QMetaObject::invokeMethod(
            qApp,
            [self, message] {
                if (!self)
                    return;
                self->m_problem = message;
                Q_EMIT self->problemOccurred(message);
            },
            Qt::QueuedConnection);
    };
    auto onAlert = [self](const LockAlert& alert) {
        const QString lock = QString::fromUtf8(alert.lock.data(), qsizetype(alert.lock.size()));
        const QString text = LockAlertText::describe(alert);
        QMetaObject::invokeMethod(
            qApp,
            [self, lock, text] {
                if (self)
                    Q_EMIT self->alertRaised(lock, text);
            },
            Qt::QueuedConnection);
    };
    HistoryOptions options;
    options.source = source.toStdString();
    auto sink
        = std::make_shared<HistoryRecordingSink>(path.toStdString(), options, m_rules, onProblem, onAlert);
    sink->setActiveAlertsCallback([self](const std::vector<LockAlert>& alerts) {
        QMetaObject::invokeMethod(
            qApp,
            [self, alerts] {
                if (self)
                    Q_EMIT self->activeAlertsChanged(alerts);
            },
            Qt::QueuedConnection);
    });
    {
        QMutexLocker lock(&m_mutex);
        m_sink = sink;
    }
    m_path = path;
    m_problem
        = path.isEmpty() ? tr("History is off in this connection's profile; alerts still work.") : QString();
    Q_EMIT databaseChanged(m_path);
    return sink;
}

AlertRules HistoryRecording::alertRulesOf(const MonitorSettings& settings)
{
    AlertRules rules;
    if (settings.alertHeldSeconds > 0)
        rules.heldLongerThanMs = static_cast<long long>(settings.alertHeldSeconds) * 1000;
    if (settings.alertWaiters > 0)
        rules.waitersAbove = settings.alertWaiters;
    rules.stuck = settings.alertStuck;
    rules.forceRelease = settings.alertForceRelease;
    return rules;
}

void HistoryRecording::stop()
{
    std::shared_ptr<HistoryRecordingSink> sink;
    {
        QMutexLocker lock(&m_mutex);
        sink.swap(m_sink);
    }
    if (!sink)
        return;
    sink->forgetCallbacks();
    Q_EMIT activeAlertsChanged({}); // its locks are no longer watched
    QMetaObject::invokeMethod(
        m_threadContext, [sink] { sink->close(QDateTime::currentMSecsSinceEpoch()); }, Qt::QueuedConnection);
}

void HistoryRecording::recordMark(
    const QString& kind, const QString& node, const std::string& lock, const QString& detail)
{
    std::shared_ptr<HistoryRecordingSink> sink;
    {
        QMutexLocker locker(&m_mutex);
        sink = m_sink;
    }
    if (!sink)
        return;
    const long long atMs = QDateTime::currentMSecsSinceEpoch();
    // SQLite writes belong on the history's thread, never the GUI's.
    QMetaObject::invokeMethod(
        m_threadContext,
        [sink, kind = kind.toStdString(), node = node.toStdString(), lock, detail = detail.toStdString(),
            atMs] { sink->recordMark(kind, node, lock, detail, atMs); },
        Qt::QueuedConnection);
}

void HistoryRecording::requestStatistics(const LockId& lock, long long windowMs)
{
    LockStatisticsReport report;
    report.lock = lock;
    report.nowMs = QDateTime::currentMSecsSinceEpoch();
    report.fromMs = report.nowMs - windowMs;
    if (m_path.isEmpty()) {
        report.source = LockStatisticsReport::Source::HistoryOff;
        Q_EMIT statisticsRead(report);
        return;
    }
    QPointer<HistoryRecording> self(this);
    // A read-only connection of its own, beside the recorder's writes: SQLite off the GUI thread.
    QMetaObject::invokeMethod(
        m_threadContext,
        [self, report, path = m_path.toStdString()]() mutable {
            auto query = HistoryQuery::open(path);
            auto statistics = query
                ? query->statistics(report.lock.name(), {report.fromMs, report.nowMs}, report.nowMs)
                : Result<LockStatistics>(query.error());
            if (statistics) {
                report.statistics = std::move(*statistics);
            } else {
                report.source = LockStatisticsReport::Source::Unreadable;
                report.error = CoreTexts::error(statistics.error());
            }
            QMetaObject::invokeMethod(
                qApp,
                [self, report] {
                    if (self)
                        Q_EMIT self->statisticsRead(report);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void HistoryRecording::flushIfDue()
{
    std::shared_ptr<HistoryRecordingSink> sink;
    {
        QMutexLocker lock(&m_mutex);
        sink = m_sink;
    }
    if (sink)
        sink->flushIfDue(QDateTime::currentMSecsSinceEpoch());
}

} // namespace lockscope::ui
