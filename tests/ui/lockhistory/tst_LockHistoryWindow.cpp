#include "app/MainWindow.h"
#include "app/ToolWindows.h"
#include "base/LockStatisticsText.h"
#include "connection/ConnectionController.h"
#include "core/history/HistoryTestEvents.h"
#include "history/HistoryRecorder.h"
#include "history/audit/SharedAudit.h"
#include "inspect/LockInspector.h"
#include "inspect/admin/ForceRelease.h"
#include "lockhistory/HistoryAuditList.h"
#include "lockhistory/HistoryReader.h"
#include "lockhistory/HistoryRecording.h"
#include "lockhistory/HistoryStatisticsPanel.h"
#include "lockhistory/HistoryTimeline.h"
#include "lockhistory/HistoryWindow.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockRecord.h"
#include "monitor/LockTableModel.h"
#include "monitor/admin/LockAdminAction.h"
#include "support/LockFormats.h"
#include "support/LockTestHelpers.h"
#include "support/RedisTestCase.h"
#include "support/postgres/PostgresTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QDir>
#include <QtTest>

#include <QApplication>
#include <QMenu>
#include <QTemporaryDir>
#include <QWheelEvent>

#include <optional>
#include <set>
#include <tuple>

using namespace lockscope;
using namespace lockscope::ui;
using namespace std::chrono_literals;

// The lock history window against holds recorded from a real redis-server into a real SQLite
// file: the GUI records what its monitor sees, and the timeline and statistics show it.
class tst_LockHistoryWindow : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;
    QTemporaryDir m_dir;
    QString m_recordedPath; // holds of lock:orders: one released, one open (recordedActivity)

    // Records real lock activity through the GUI's own path (monitor -> sink -> recorder):
    // token A takes lock:orders and releases it, then token B takes it and keeps it.
    void recordActivity(const QString& path)
    {
        HistoryRecording recording;
        LockMonitorController monitor;
        monitor.setEventSink(recording.start(path));
        monitor.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(monitor.status().state == MonitorStatus::State::Watching, 10000);
        const std::string first = test::LockFormats::uuid1Hex(test::epochMillis());
        QVERIFY(m_redis->command({"SET", "lock:orders", first, "PX", "60000"}));
        QTRY_VERIFY(holdsOf(path).size() == 1);
        QVERIFY(m_redis->command({"DEL", "lock:orders"}));
        QVERIFY(m_redis->command(
            {"SET", "lock:orders", test::LockFormats::uuid1Hex(test::epochMillis() + 1), "PX", "60000"}));
        QTRY_VERIFY(holdsOf(path).size() == 2);
    }

    static std::vector<HoldRecord> holdsOf(const QString& path, const std::string& lock = {})
    {
        const long long now = test::epochMillis();
        HistoryReadout readout = HistoryReader::read({path, {now - 3600000, now + 60000}, {}, now});
        std::erase_if(
            readout.holds, [&lock](const HoldRecord& hold) { return !lock.empty() && hold.lock != lock; });
        return readout.holds;
    }

    // Whether the history at `path` holds an alert of `rule` about `lock` in the last minute.
    static bool alertRecorded(const QString& path, const std::string& lock, const std::string& rule)
    {
        const long long now = test::epochMillis();
        const auto alerts = HistoryReader::read({path, {now - 60000, now + 60000}, {}, now}).alerts;
        return std::any_of(alerts.begin(), alerts.end(),
            [&](const AlertRecord& alert) { return alert.lock == lock && alert.rule == rule; });
    }

    // A window showing `path` as it is now, not following (so that its range stays put).
    std::unique_ptr<HistoryWindow> windowOn(const QString& path)
    {
        auto window = std::make_unique<HistoryWindow>();
        window->resize(1000, 300);
        window->show();
        const long long now = test::epochMillis();
        window->timeline()->setVisibleWindow({now - 60000, now + 5000});
        window->setFollowing(false);
        window->setDatabase(path);
        return window;
    }

    void initSuite() override
    {
        QVERIFY(m_dir.isValid());
        m_recordedPath = m_dir.filePath(QStringLiteral("recorded.sqlite"));
        recordActivity(m_recordedPath);
    }

private Q_SLOTS:
    void theTimelineShowsTheHoldsRecordedFromRealLockActivity()
    {
        auto window = windowOn(m_recordedPath);
        QTRY_COMPARE(window->timeline()->holds().size(), std::size_t(2));
        const auto& holds = window->timeline()->holds();
        QCOMPARE(holds[0].lock, std::string("lock:orders"));
        QCOMPARE(holds[0].ending, HoldEnding::Released);
        QCOMPARE(holds[1].ending, HoldEnding::Open);
        QVERIFY(holds[0].holder != holds[1].holder);
        QVERIFY(!window->timeline()->barRect(0).isEmpty());
        QVERIFY(!window->timeline()->barRect(1).isEmpty());
    }

    void theMainWindowRecordsItsConnectionAndTheHistorySelectsInTheMonitor()
    {
        ConnectionController controller;
        MainWindow main(controller);
        auto* tools = main.findChild<QMenu*>(QStringLiteral("toolsMenu"));
        QVERIFY(tools && tools->actions().contains(main.historyAction()));
        controller.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(main.monitor().status().state == MonitorStatus::State::Watching, 10000);
        // History is on by default, into the profile's file under the user's data directory.
        const QString path = main.history().databasePath();
        QVERIFY(path.startsWith(qEnvironmentVariable("XDG_DATA_HOME")));
        QVERIFY(path.endsWith(QStringLiteral("127.0.0.1_%1.sqlite").arg(m_server->port())));
        QVERIFY(m_redis->command(
            {"SET", "lock:main", test::LockFormats::uuid1Hex(test::epochMillis()), "PX", "60000"}));

        const LockId key(0, "127.0.0.1:" + std::to_string(m_server->port()), "lock:main");
        QTRY_VERIFY_WITH_TIMEOUT(main.monitorView()->lockModel()->rowOf(key) >= 0, 10000);

        HistoryWindow* history = main.showHistory();
        QCOMPARE(history->databasePath(), path);
        auto indexOfMain = [history]() -> std::optional<std::size_t> {
            const auto& holds = history->timeline()->holds();
            for (std::size_t i = 0; i < holds.size(); ++i)
                if (holds[i].lock == "lock:main")
                    return i;
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(indexOfMain(), 10000);
        QTest::mouseClick(
            history->timeline(), Qt::LeftButton, {}, history->timeline()->barRect(*indexOfMain()).center());
        QCOMPARE(main.monitorView()->selectedLockId(), std::optional<LockId>(key));
        QVERIFY(m_redis->command({"DEL", "lock:main"}));
    }

    void theMonitorsDetailPaneShowsTheSelectedLocksRecordedHolds()
    {
        ConnectionController controller;
        MainWindow main(controller);
        controller.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(main.monitor().status().state == MonitorStatus::State::Watching, 10000);
        // Two holds of lock:pane by two holders: the first released, the second still held.
        const std::string first = test::LockFormats::uuid1Hex(test::epochMillis());
        const std::string second = test::LockFormats::uuid1Hex(test::epochMillis() + 7);
        QVERIFY(m_redis->command({"SET", "lock:pane", first, "PX", "60000"}));
        const LockId key(0, "127.0.0.1:" + std::to_string(m_server->port()), "lock:pane");
        QTRY_VERIFY_WITH_TIMEOUT(main.monitorView()->lockModel()->rowOf(key) >= 0, 10000);
        QVERIFY(m_redis->command({"DEL", "lock:pane"}));
        QTRY_VERIFY_WITH_TIMEOUT(main.monitorView()->lockModel()->rowOf(key) < 0, 10000);
        QVERIFY(m_redis->command({"SET", "lock:pane", second, "PX", "60000"}));
        QTRY_VERIFY_WITH_TIMEOUT(main.monitorView()->lockModel()->rowOf(key) >= 0, 10000);
        // The recorder commits within a second; selecting the lock reads its day of holds.
        QTRY_COMPARE_WITH_TIMEOUT(
            holdsOf(main.history().databasePath(), "lock:pane").size(), std::size_t(2), 10000);
        QVERIFY(main.monitorView()->selectLock(key));
        const QString ended
            = LockStatisticsText::tr("Ended: %1 released, %2 expired, %3 force-released, %4 lost")
                  .arg(1)
                  .arg(0)
                  .arg(0)
                  .arg(0);
        LockDetailPane* pane = main.monitorView()->detailPane();
        QTRY_VERIFY_WITH_TIMEOUT(pane->plainDetails().contains(ended), 10000);
        const QString text = pane->plainDetails();
        QVERIFY2(text.contains(LockStatisticsText::tr("%n hold(s), %1 completed", nullptr, 2).arg(1)),
            qPrintable(text));
        QVERIFY(text.contains(QString::fromStdString(first)));
        QVERIFY(text.contains(QString::fromStdString(second)));
        if (qEnvironmentVariableIsSet("LOCKSCOPE_DETAIL_PNG")) {
            main.show();
            pane->scrollToAnchor(QStringLiteral("statistics"));
            QTest::qWait(200);
            main.grab().save(qEnvironmentVariable("LOCKSCOPE_DETAIL_PNG"), "PNG");
        }
        QVERIFY(m_redis->command({"DEL", "lock:pane"}));
    }

    void withHistoryOffTheDetailPaneSaysSo()
    {
        HistoryRecording recording;
        recording.start(QString());
        QSignalSpy read(&recording, &HistoryRecording::statisticsRead);
        recording.requestStatistics(LockId(0, "127.0.0.1:6379", "lock:any"), 60000);
        QTRY_COMPARE(read.size(), 1);
        const auto report = read[0][0].value<LockStatisticsReport>();
        QCOMPARE(report.lock, LockId(0, "127.0.0.1:6379", "lock:any"));
        QCOMPARE(report.source, LockStatisticsReport::Source::HistoryOff);
    }

    void aLockHeldTooLongRaisesAnAlertThatIsWrittenToTheHistory()
    {
        const QString path = m_dir.filePath(QStringLiteral("alerts.sqlite"));
        HistoryRecording recording;
        recording.setAlertRules({300, true, std::nullopt, true});
        QSignalSpy alerts(&recording, &HistoryRecording::alertRaised);
        LockMonitorController monitor;
        monitor.setEventSink(recording.start(path));
        monitor.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(monitor.status().state == MonitorStatus::State::Watching, 10000);
        QVERIFY(m_redis->command(
            {"SET", "lock:slow", test::LockFormats::uuid1Hex(test::epochMillis()), "PX", "60000"}));
        // lock:orders (held since the suite began) alerts as well: look for lock:slow's.
        auto slowAlert = [&alerts]() -> QString {
            for (const QList<QVariant>& alert : alerts)
                if (alert[0].toString() == QLatin1String("lock:slow"))
                    return alert[1].toString();
            return {};
        };
        QTRY_VERIFY_WITH_TIMEOUT(!slowAlert().isEmpty(), 10000);
        QVERIFY(slowAlert().contains(QStringLiteral("lock:slow")));
        QTRY_VERIFY(alertRecorded(path, "lock:slow", "held-too-long"));
        QVERIFY(m_redis->command({"DEL", "lock:slow"}));
    }

    void withHistoryOffNothingIsWrittenButAlertsStillFire()
    {
        const QStringList filesBefore = QDir(m_dir.path()).entryList(QDir::Files);
        HistoryRecording recording;
        recording.setAlertRules({300, false, std::nullopt, false});
        QSignalSpy alerts(&recording, &HistoryRecording::alertRaised);
        LockMonitorController monitor;
        monitor.setEventSink(recording.start(QString()));
        QVERIFY(recording.databasePath().isEmpty());
        QVERIFY(!recording.problem().isEmpty()); // says that history is off
        monitor.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(monitor.status().state == MonitorStatus::State::Watching, 10000);
        QVERIFY(m_redis->command(
            {"SET", "lock:unrecorded", test::LockFormats::uuid1Hex(test::epochMillis()), "PX", "60000"}));
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(alerts.begin(), alerts.end(),
                                     [](const QList<QVariant>& alert) {
                                         return alert[0].toString() == QLatin1String("lock:unrecorded");
                                     }),
            10000);
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), filesBefore);
        QVERIFY(m_redis->command({"DEL", "lock:unrecorded"}));
    }

    void aForceReleaseIsRecordedAsSuchAndRaisesItsAlert()
    {
        const QString path = m_dir.filePath(QStringLiteral("forced.sqlite"));
        HistoryRecording recording;
        recording.setAlertRules({std::nullopt, false, std::nullopt, true});
        QSignalSpy alerts(&recording, &HistoryRecording::alertRaised);
        LockMonitorController monitor;
        monitor.setEventSink(recording.start(path));
        monitor.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(monitor.status().state == MonitorStatus::State::Watching, 10000);
        QVERIFY(test::LockFormats::redissonLock(*m_redis, "lock:stuck", test::LockFormats::clientA, 1, 60000)
                    .ok());
        QTRY_VERIFY(holdsOf(path, "lock:stuck").size() == 1);

        // Released by an administrator elsewhere (another LockScope, the CLI): the announcement
        // reaches this monitor through the server.
        std::optional<LockSnapshot> observed;
        for (auto& lock : LockInspector::inspect({{"n", m_redis.get()}}, {}).locks)
            if (lock.name == "lock:stuck")
                observed = lock;
        QVERIFY(observed);
        auto released = ForceRelease::release(*m_redis, *observed);
        QVERIFY(released && released->outcome == AdminOutcome::Done);

        QTRY_VERIFY(!holdsOf(path, "lock:stuck").empty()
            && holdsOf(path, "lock:stuck").front().ending == HoldEnding::ForceReleased);
        QTRY_VERIFY(std::any_of(alerts.begin(), alerts.end(),
            [](const QList<QVariant>& alert) { return alert[0].toString() == QLatin1String("lock:stuck"); }));
        QTRY_VERIFY(alertRecorded(path, "lock:stuck", "force-released"));
    }

    void theHeaderSaysWhereTheDatabaseIs()
    {
        auto window = windowOn(m_recordedPath);
        QVERIFY(window->headerText().contains(QDir::toNativeSeparators(m_recordedPath)));
    }

    void aFileThatIsNotAHistoryIsReportedNotShown()
    {
        const QString path = m_dir.filePath(QStringLiteral("notes.sqlite"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, 'x'));
        file.close();
        auto window = windowOn(path);
        QSignalSpy shown(window.get(), &HistoryWindow::readoutShown);
        QVERIFY(shown.wait());
        QVERIFY(window->headerText().contains(QLatin1Char('\n'))); // the path, then why not
        QVERIFY(window->timeline()->holds().empty());
    }

    void recordingIntoABadDatabaseReportsItAndTheMonitorKeepsWatching()
    {
        const QString path = m_dir.filePath(QStringLiteral("garbage.sqlite"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(8192, 'z'));
        file.close();
        HistoryRecording recording;
        QSignalSpy problems(&recording, &HistoryRecording::problemOccurred);
        LockMonitorController monitor;
        monitor.setEventSink(recording.start(path));
        monitor.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(!problems.isEmpty(), 10000);
        QVERIFY(!recording.problem().isEmpty());
        QCOMPARE(monitor.status().state, MonitorStatus::State::Watching);
        QFile check(path);
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray(8192, 'z')); // never overwritten
    }

    void theWheelZoomsAroundThePointer()
    {
        auto window = windowOn(m_recordedPath);
        HistoryTimeline* timeline = window->timeline();
        const TimeWindow before = timeline->visibleWindow();
        const QPointF at(timeline->width() * 0.75, 40);
        QWheelEvent wheel(at, timeline->mapToGlobal(at), {}, {0, 120}, Qt::NoButton, Qt::NoModifier,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(timeline, &wheel);
        const TimeWindow after = timeline->visibleWindow();
        QVERIFY(after.untilMs - after.fromMs < before.untilMs - before.fromMs);
        QVERIFY(after.fromMs > before.fromMs);
        QVERIFY(after.untilMs < before.untilMs);
    }

    void draggingPansTowardsThePastAndStopsFollowing()
    {
        auto window = windowOn(m_recordedPath);
        window->setFollowing(true);
        HistoryTimeline* timeline = window->timeline();
        const TimeWindow before = timeline->visibleWindow();
        const QPoint from(timeline->width() / 2, 40);
        const QPoint to = from + QPoint(200, 0);
        QTest::mousePress(timeline, Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, to, timeline->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, {});
        QApplication::sendEvent(timeline, &move);
        QTest::mouseRelease(timeline, Qt::LeftButton, {}, to);
        const TimeWindow after = timeline->visibleWindow();
        QVERIFY(after.fromMs < before.fromMs);
        QCOMPARE(after.untilMs - after.fromMs, before.untilMs - before.fromMs);
        QVERIFY(!window->isFollowing());
    }

    void anAdminActionIsAMarkOnItsLocksRowOfTheTimeline()
    {
        ConnectionController controller;
        MainWindow main(controller);
        controller.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(main.monitor().status().state == MonitorStatus::State::Watching, 10000);
        QVERIFY(m_redis->command(
            {"SET", "lock:extended", test::LockFormats::uuid1Hex(test::epochMillis()), "PX", "60000"}));
        const LockId key(0, "127.0.0.1:" + std::to_string(m_server->port()), "lock:extended");
        LockTableModel* locks = main.monitorView()->lockModel();
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(key) >= 0, 10000);
        QSignalSpy performed(&main.monitor(), &LockMonitorController::adminPerformed);
        LockAdminRequest extend;
        extend.action = LockAdminRequest::Action::ExtendTtl;
        extend.lock = locks->recordAt(locks->rowOf(key));
        extend.ttlMs = 120000;
        main.monitor().perform(extend);
        QTRY_COMPARE_WITH_TIMEOUT(performed.size(), 1, 10000);

        HistoryWindow* history = main.showHistory();
        history->setFollowing(false);
        const long long now = test::epochMillis();
        history->timeline()->setVisibleWindow({now - 60000, now + 5000});
        history->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(
            !history->timeline()->marks().empty() && !history->timeline()->holds().empty(), 10000);
        const MarkRecord mark = history->timeline()->marks().front();
        QCOMPARE(mark.kind, std::string("admin"));
        QCOMPARE(mark.lock, std::string("lock:extended"));
        const QRect where = history->timeline()->markRect(0);
        QVERIFY(where.height() < history->timeline()->height() / 2); // on its row, not across the plot
        const QString text = history->timeline()->toolTipAt(where.center());
        QVERIFY2(text.contains(QStringLiteral("lock:extended")), qPrintable(text));
        QVERIFY2(text.contains(performed.at(0).at(0).value<LockAdminReport>().message), qPrintable(text));
        if (qEnvironmentVariableIsSet("LOCKSCOPE_MARK_PNG")) {
            history->resize(1000, 320);
            QApplication::processEvents(); // the layout settles
            history->grab().save(qEnvironmentVariable("LOCKSCOPE_MARK_PNG"), "PNG");
        }
        QVERIFY(m_redis->command({"DEL", "lock:extended"}));
    }

    void faultsAStressRunInjectsAreMarksOnTheConnectionsHistory()
    {
        ConnectionController controller;
        MainWindow main(controller);
        controller.open(options());
        QTRY_VERIFY_WITH_TIMEOUT(main.monitor().status().state == MonitorStatus::State::Watching, 10000);
        auto* tools = main.findChild<ToolWindows*>();
        QVERIFY(tools);
        const QString node = QStringLiteral("127.0.0.1:%1").arg(m_server->port());
        Q_EMIT tools->faultsMarked(
            node, QStringLiteral("2 faults injected by the stress test (pause:ms=450)"));
        const QString path = main.history().databasePath();
        auto faultMarks = [&path] {
            const long long now = test::epochMillis();
            auto marks = HistoryReader::read({path, {now - 60000, now + 60000}, {}, now}).marks;
            std::erase_if(marks, [](const MarkRecord& mark) { return mark.kind != "fault"; });
            return marks;
        };
        QTRY_COMPARE_WITH_TIMEOUT(faultMarks().size(), std::size_t(1), 10000);
        QCOMPARE(faultMarks()[0].node, node.toStdString());
        QVERIFY(faultMarks()[0].lock.empty()); // across the timeline, not one lock's row
        QVERIFY(faultMarks()[0].detail.find("pause:ms=450") != std::string::npos);
    }

    void hoveringABarTellsHolderFenceAndDuration()
    {
        auto window = windowOn(m_recordedPath);
        QTRY_COMPARE(window->timeline()->holds().size(), std::size_t(2));
        const HoldRecord released = window->timeline()->holds()[0];
        const QString text = window->timeline()->toolTipAt(window->timeline()->barRect(0).center());
        QVERIFY2(text.contains(QString::fromStdString(released.holder)), qPrintable(text));
        QVERIFY(text.contains(LockStatisticsText::duration(released.durationMs(0))));
        QVERIFY(text.contains(HistoryTimeline::tr("Fence: %1").arg(HistoryTimeline::tr("none"))));
        QVERIFY(text.contains(HistoryTimeline::tr("Released")));
        QVERIFY(window->timeline()->toolTipAt({2, 2}).isEmpty());
    }

    void clickingABarSelectsItsLock()
    {
        auto window = windowOn(m_recordedPath);
        QTRY_COMPARE(window->timeline()->holds().size(), std::size_t(2));
        QSignalSpy selected(window.get(), &HistoryWindow::lockSelected);
        QTest::mouseClick(window->timeline(), Qt::LeftButton, {}, window->timeline()->barRect(1).center());
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected[0][0].toString(), QStringLiteral("lock:orders"));
        QCOMPARE(selected[0][1].toString(), QStringLiteral("127.0.0.1:%1").arg(m_server->port()));
        QCOMPARE(window->timeline()->selectedLock(), std::string("lock:orders"));
    }

    void aSpanWatchedByPollingIsADottedStripThatSaysSo()
    {
        const QString path = m_dir.filePath(QStringLiteral("polling.sqlite"));
        const long long start = test::epochMillis() - 40000;
        {
            auto recorder = HistoryRecorder::open(path.toStdString(), {}, start);
            QVERIFY(recorder);
            QVERIFY((*recorder)->watchingResumed({}, start, {"polling every 1000 ms", 1000}));
            QVERIFY((*recorder)->record(
                test::lockEvent(LockEvent::Type::Appeared, "polled", {"A"}, start + 1000)));
            QVERIFY((*recorder)->close(start + 20000));
        }
        auto window = windowOn(path);
        QTRY_COMPARE(window->timeline()->pollingSpans().size(), std::size_t(1));
        const QRect strip = window->timeline()->pollingRect(0);
        QVERIFY(!strip.isEmpty());
        QVERIFY(strip.bottom() < window->timeline()->barRect(0).top()); // above the rows
        const QString text = window->timeline()->toolTipAt(strip.center());
        QVERIFY2(text.contains(LockStatisticsText::duration(1000)), qPrintable(text));
        QVERIFY(text.contains(HistoryTimeline::tr("Watched by polling every %1 (keyspace notifications were "
                                                  "unavailable): changes were seen up to %1 late, and holds "
                                                  "shorter than that may be missing.")
                                  .arg(LockStatisticsText::duration(1000))));
    }

    void theStatisticsOfAKnownSetOfHolds()
    {
        // Four holds of 100, 200, 300 and 400 ms by two holders, one ending by expiry.
        const QString path = m_dir.filePath(QStringLiteral("known.sqlite"));
        const long long start = test::epochMillis() - 30000;
        {
            auto recorder = HistoryRecorder::open(path.toStdString(), {}, start);
            QVERIFY(recorder);
            QVERIFY((*recorder)->watchingResumed({}, start, {"test"}));
            long long at = start;
            const std::vector<std::pair<std::string, long long>> holds
                = {{"alice", 100}, {"bob", 200}, {"alice", 300}, {"bob", 400}};
            for (std::size_t i = 0; i < holds.size(); ++i) {
                const auto& [holder, ms] = holds[i];
                QVERIFY((*recorder)->record(
                    test::lockEvent(LockEvent::Type::Appeared, "payments", {holder}, at)));
                const auto end = i == 3 ? LockEvent::Type::Expired : LockEvent::Type::Released;
                QVERIFY((*recorder)->record(test::lockEvent(end, "payments", {holder}, at + ms)));
                at += ms + 1000;
            }
            QVERIFY((*recorder)->close(at));
        }
        auto window = windowOn(path);
        QTRY_COMPARE(window->timeline()->holds().size(), std::size_t(4));
        QSignalSpy shown(window.get(), &HistoryWindow::readoutShown);
        QTest::mouseClick(window->timeline(), Qt::LeftButton, {}, window->timeline()->barRect(0).center());
        QTRY_VERIFY(window->statistics()->lockText().contains(QStringLiteral("payments")));
        const QString text = window->statistics()->lockText();
        using P = LockStatisticsText;
        QVERIFY2(
            text.contains(P::tr("Held: median %1, p90 %2, p99 %3, longest %4")
                              .arg(P::duration(200), P::duration(400), P::duration(400), P::duration(400))),
            qPrintable(text));
        QVERIFY(text.contains(
            P::tr("Ended: %1 released, %2 expired, %3 force-released, %4 lost").arg(3).arg(1).arg(0).arg(0)));
        // bob held 600 ms in all, alice 400: bob is the busiest.
        QVERIFY(text.indexOf(QStringLiteral("bob"))
            < text.indexOf(QStringLiteral("alice"), text.indexOf(P::tr("Busiest holders"))));
        QVERIFY(window->statistics()->leagueText().contains(
            HistoryStatisticsPanel::tr("%n expiry(s)", nullptr, 1)));
    }

    // A team's history: two recorders, one per server, write into one PostgreSQL database; the
    // window pointed at it shows both servers' holds, each with its node.
    void theWindowShowsBothServersHoldsFromASharedPostgresHistory()
    {
        auto postgres = test::PostgresTestServer::start();
        QVERIFY(postgres);
        QVERIFY(postgres->createDatabase("team").ok());
        const std::string url = postgres->url("team");
        const long long now = test::epochMillis();
        const long long start = now - 120000;
        using Type = LockEvent::Type;
        const std::pair<const char*, std::vector<std::tuple<const char*, const char*, long long, long long>>>
            servers[] = {
                {"redis-eu:6379",
                    {{"invoices", "billing-1", 5000, 30000}, {"invoices", "billing-2", 34000, 70000},
                        {"payouts", "ledger-4", 12000, 95000}}},
                {"redis-us:6379",
                    {{"invoices", "billing-7", 8000, 52000}, {"inventory:sku-7", "stock-sync", 20000, 88000},
                        {"invoices", "billing-9", 60000, 110000}}},
            };
        for (const auto& [server, holds] : servers) {
            HistoryOptions options;
            options.source = server;
            auto recorder = HistoryRecorder::open(url, options, start);
            QVERIFY(recorder);
            QVERIFY((*recorder)->watchingResumed({}, start, {"notifications"}));
            std::vector<LockEvent> events;
            for (const auto& [lock, holder, from, until] : holds) {
                for (auto [type, at] : {std::pair(Type::Appeared, from), std::pair(Type::Released, until)}) {
                    LockEvent event = test::lockEvent(type, lock, {holder}, start + at);
                    LockSnapshot snapshot = event.lock;
                    snapshot.node = server;
                    event.lock = std::move(snapshot);
                    events.push_back(std::move(event));
                }
            }
            std::stable_sort(events.begin(), events.end(),
                [](const LockEvent& a, const LockEvent& b) { return a.atMs < b.atMs; });
            for (const LockEvent& event : events)
                QVERIFY((*recorder)->record(event));
            QVERIFY((*recorder)->close(now));
        }
        auto window = windowOn(QString::fromStdString(url));
        window->timeline()->setVisibleWindow({start - 5000, now + 5000});
        window->refresh();
        QTRY_COMPARE(window->timeline()->holds().size(), std::size_t(6));
        std::set<std::string> nodes;
        for (const HoldRecord& hold : window->timeline()->holds())
            nodes.insert(hold.node);
        QCOMPARE(nodes, (std::set<std::string> {"redis-eu:6379", "redis-us:6379"}));
        // `invoices` on both servers is two rows, each labelled with its server.
        QStringList labels;
        for (std::size_t row = 0; row < window->timeline()->rowCount(); ++row)
            labels.append(window->timeline()->rowLabel(row));
        const auto label = [](const char* server, const char* lock) {
            return HistoryTimeline::tr("%1 · %2", "a timeline row: the server, then the lock's name")
                .arg(QString::fromLatin1(server), QString::fromLatin1(lock));
        };
        QCOMPARE(labels.size(), 4);
        QVERIFY2(labels.contains(label("redis-eu:6379", "invoices"))
                && labels.contains(label("redis-us:6379", "invoices"))
                && labels.contains(label("redis-us:6379", "inventory:sku-7")),
            qPrintable(labels.join(QLatin1Char('|'))));
        if (qEnvironmentVariableIsSet("LOCKSCOPE_TEAM_HISTORY_PNG")) {
            window->resize(1100, 340);
            QApplication::processEvents();
            window->grab().save(qEnvironmentVariable("LOCKSCOPE_TEAM_HISTORY_PNG"), "PNG");
        }
    }

    void theWindowNamesTheServersAndShowsWhoTookEachAdminAction()
    {
        auto postgres = test::PostgresTestServer::start();
        QVERIFY(postgres);
        QVERIFY(postgres->createDatabase("audited").ok());
        const std::string url = postgres->url("audited");
        const long long now = test::epochMillis();
        const long long start = now - 120000;
        using Type = LockEvent::Type;
        // (server, lock, holder, from, until, how it ended)
        const std::tuple<const char*, const char*, const char*, long long, long long, Type> holds[] = {
            {"redis-eu:6379", "invoices", "billing-1", 5000, 30000, Type::Released},
            {"redis-eu:6379", "payouts", "ledger-4", 12000, 95000, Type::ForceReleased},
            {"redis-us:6379", "invoices", "billing-7", 8000, 52000, Type::Released},
            {"redis-us:6379", "inventory:sku-7", "stock-sync", 20000, 88000, Type::Expired},
        };
        for (const char* server : {"redis-eu:6379", "redis-us:6379"}) {
            HistoryOptions options;
            options.source = server;
            auto recorder = HistoryRecorder::open(url, options, start);
            QVERIFY(recorder);
            QVERIFY((*recorder)->watchingResumed({}, start, {"notifications"}));
            std::vector<LockEvent> events;
            for (const auto& [on, lock, holder, from, until, ending] : holds) {
                if (std::string(on) != server)
                    continue;
                for (auto [type, at] : {std::pair(Type::Appeared, from), std::pair(ending, until)}) {
                    LockEvent event = test::lockEvent(type, lock, {holder}, start + at);
                    LockSnapshot snapshot = event.lock;
                    snapshot.node = server;
                    event.lock = std::move(snapshot);
                    events.push_back(std::move(event));
                }
            }
            std::stable_sort(events.begin(), events.end(),
                [](const LockEvent& a, const LockEvent& b) { return a.atMs < b.atMs; });
            for (const LockEvent& event : events)
                QVERIFY((*recorder)->record(event));
            QVERIFY((*recorder)->close(now));
        }
        // Two desks' actions: alice force-released payouts on eu, bob extended a lock on us.
        QTemporaryDir desks;
        const std::tuple<const char*, const char*, const char*, const char*, const char*, long long> actions[]
            = {
                {"alice", "redis-eu:6379", "payouts", "release", "INC-4312: stuck after deploy", 95000},
                {"bob", "redis-us:6379", "inventory:sku-7", "extend", "sync job needs 2 more minutes", 60000},
            };
        for (const auto& [user, server, lock, action, reason, at] : actions) {
            AuditEntry entry;
            entry.entry = std::string("desk-") + user;
            entry.timeMs = start + at;
            entry.user = user;
            entry.host = std::string(user) + "-laptop";
            entry.server = server;
            entry.node = server;
            entry.lock = lock;
            entry.action = action;
            entry.result = "done";
            entry.reason = reason;
            SharedAudit audit(url, {}, AuditOutbox(desks.filePath(user).toStdString()));
            QVERIFY(audit.record(entry).ok());
        }

        auto window = windowOn(QString::fromStdString(url));
        window->timeline()->setVisibleWindow({start - 5000, now + 5000});
        window->refresh();
        QTRY_COMPARE(window->auditList()->topLevelItemCount(), 2);
        const QStringList lines = window->auditList()->lines();
        QVERIFY2(lines[0].contains("alice@alice-laptop") && lines[0].contains("INC-4312: stuck after deploy")
                && lines[0].contains("redis-eu:6379") && lines[0].contains("payouts"),
            qPrintable(lines.join('\n')));
        QVERIFY2(lines[1].contains("bob@bob-laptop") && lines[1].contains("redis-us:6379"),
            qPrintable(lines.join('\n')));
        // The crossed force-release says who and why.
        HistoryTimeline* timeline = window->timeline();
        std::optional<QRect> forced;
        for (std::size_t i = 0; i < timeline->holds().size(); ++i)
            if (timeline->holds()[i].ending == HoldEnding::ForceReleased)
                forced = timeline->barRect(i);
        QVERIFY(forced && !forced->isEmpty());
        const QString tip = timeline->toolTipAt(QPoint(forced->left() + 4, forced->center().y()));
        QVERIFY2(tip.contains("alice@alice-laptop") && tip.contains("INC-4312"), qPrintable(tip));
        QVERIFY(!timeline->auditRect(0).isEmpty());
        // The league tables name the server: invoices is on both.
        const QString league = window->statistics()->leagueText();
        QVERIFY2(league.contains("redis-eu:6379") && league.contains("redis-us:6379"), qPrintable(league));
        if (qEnvironmentVariableIsSet("LOCKSCOPE_TEAM_AUDIT_PNG")) {
            window->resize(1100, 560);
            QApplication::processEvents();
            window->grab().save(qEnvironmentVariable("LOCKSCOPE_TEAM_AUDIT_PNG"), "PNG");
        }
    }

    void aLockIsFoundByItsLibrarysNameAndSelected()
    {
        // Cache::lock('reports:monthly') in two Laravel apps (two keys) and in one more (a third).
        const QString path = m_dir.filePath(QStringLiteral("named.sqlite"));
        const long long start = test::epochMillis() - 30000;
        const std::string monthly = "laravel_database_laravel_cache:reports:monthly";
        {
            auto recorder = HistoryRecorder::open(path.toStdString(), {}, start);
            QVERIFY(recorder);
            QVERIFY((*recorder)->watchingResumed({}, start, {"test"}));
            using Type = LockEvent::Type;
            QVERIFY((*recorder)->record(
                test::namedLockEvent(Type::Appeared, monthly, "reports:monthly", {"t1"}, start + 1000)));
            QVERIFY((*recorder)->record(
                test::namedLockEvent(Type::Released, monthly, "reports:monthly", {}, start + 3000)));
            for (const char* key : {"laravel_database_laravel_cache:reports:daily",
                     "billing_database_billing_cache_reports:daily"})
                QVERIFY((*recorder)->record(
                    test::namedLockEvent(Type::Appeared, key, "reports:daily", {"t2"}, start + 2000)));
            QVERIFY((*recorder)->close(start + 4000));
        }
        auto window = windowOn(path);
        QTRY_COMPARE(window->timeline()->holds().size(), std::size_t(3));
        QSignalSpy selected(window.get(), &HistoryWindow::lockSelected);
        window->findLock(QStringLiteral("reports:monthly"));
        QTRY_COMPARE(window->timeline()->selectedLock(), monthly);
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.front().front().toString(), QString::fromStdString(monthly));
        QTRY_VERIFY(window->statistics()->lockText().contains(QString::fromStdString(monthly)));
        // The row shows the name the app's code uses.
        QStringList labels;
        for (std::size_t row = 0; row < window->timeline()->rowCount(); ++row)
            labels.append(window->timeline()->rowLabel(row));
        QVERIFY2(
            labels.contains(QStringLiteral("reports:monthly")), qPrintable(labels.join(QLatin1Char('|'))));

        window->findLock(QStringLiteral("reports:daily")); // two keys: nothing guessed
        QTRY_VERIFY(
            window->headerText().contains(QStringLiteral("billing_database_billing_cache_reports:daily")));
        QVERIFY(
            window->headerText().contains(QStringLiteral("laravel_database_laravel_cache:reports:daily")));
        QCOMPARE(window->timeline()->selectedLock(), monthly);
        window->findLock(QStringLiteral("reports:yearly"));
        QTRY_VERIFY(window->headerText().contains(
            HistoryWindow::tr("No recorded lock is named %1.").arg(QStringLiteral("reports:yearly"))));
    }

    void screenshot()
    {
        // Not an assertion: the picture of the window for the README (docs/screenshots/history.png),
        // of a few minutes of several locks recorded through the core recorder.
        const QString target = qEnvironmentVariable("LOCKSCOPE_HISTORY_SCREENSHOT");
        if (target.isEmpty())
            QSKIP("set LOCKSCOPE_HISTORY_SCREENSHOT=<file.png> to save a screenshot");
        const QString path = m_dir.filePath(QStringLiteral("screenshot.sqlite"));
        const long long now = test::epochMillis();
        const long long start = now - 180000;
        {
            auto recorder = HistoryRecorder::open(path.toStdString(), {}, start);
            QVERIFY(recorder);
            QVERIFY((*recorder)->watchingResumed({}, start, {"notifications"}));
            using Type = LockEvent::Type;
            struct Hold
            {
                std::string lock, holder;
                long long from, until;
                Type end;
                long long waiters;
            };
            const std::vector<Hold> holds = {
                {"orders:42", "worker-1", 2000, 14000, Type::Released, 0},
                {"orders:42", "worker-2", 15000, 31000, Type::Released, 2},
                {"orders:42", "worker-3", 32000, 62000, Type::Expired, 4},
                {"orders:42", "worker-1", 90000, 104000, Type::Released, 1},
                {"orders:42", "worker-2", 106000, 175000, Type::Changed, 3},
                {"payments", "api-7", 5000, 9000, Type::Released, 0},
                {"payments", "api-3", 20000, 26000, Type::Released, 0},
                {"payments", "api-7", 40000, 47000, Type::Released, 1},
                {"payments", "api-3", 95000, 99000, Type::Released, 0},
                {"payments", "api-7", 140000, 152000, Type::Released, 0},
                {"inventory:sku-7", "stock-sync", 10000, 85000, Type::Expired, 0},
                {"reports:nightly", "cron-a", 25000, 110000, Type::Changed, 0},
                {"reports:nightly", "cron-b", 150000, 172000, Type::Released, 0},
            };
            std::vector<std::pair<long long, LockEvent>> events;
            for (const Hold& hold : holds) {
                events.push_back({start + hold.from,
                    test::lockEvent(
                        Type::Appeared, hold.lock, {hold.holder}, start + hold.from, 1, hold.waiters)});
                if (hold.end != Type::Changed)
                    events.push_back({start + hold.until,
                        test::lockEvent(hold.end, hold.lock, {hold.holder}, start + hold.until)});
            }
            std::stable_sort(
                events.begin(), events.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
            bool forced = false;
            bool gapped = false;
            for (const auto& [at, event] : events) {
                if (!gapped && at > start + 66000) {
                    // Twelve seconds without watching; the two holders still there span it.
                    QVERIFY((*recorder)->watchingLost(start + 66000, "disconnected"));
                    std::vector<SharedLockSnapshot> held;
                    held.push_back(test::lockEvent(Type::Changed, "inventory:sku-7", {"stock-sync"}, 0).lock);
                    held.push_back(test::lockEvent(Type::Changed, "reports:nightly", {"cron-a"}, 0).lock);
                    // Back on a server without keyspace notifications: polled from then on.
                    QVERIFY(
                        (*recorder)->watchingResumed(held, start + 78000, {"polling every 1000 ms", 1000}));
                    gapped = true;
                }
                if (!forced && at > start + 110000) {
                    QVERIFY(
                        (*recorder)->recordForceRelease("127.0.0.1:6390", "reports:nightly", start + 110000));
                    forced = true;
                }
                QVERIFY((*recorder)->record(event));
            }
            QVERIFY((*recorder)->recordMark(
                "admin", "127.0.0.1:6390", "orders:42", "extended the lease to 60 s", start + 120000));
            QVERIFY((*recorder)->recordAlert("127.0.0.1:6390", "orders:42", "held-too-long",
                "held 61000 ms by worker-2 (limit 60000 ms)", start + 167000));
            QVERIFY((*recorder)->flush(now));
        }
        auto window = windowOn(path);
        window->timeline()->setVisibleWindow({start - 5000, now + 5000});
        window->refresh();
        QTRY_VERIFY(window->timeline()->holds().size() >= 12);
        QTest::mouseClick(window->timeline(), Qt::LeftButton, {}, window->timeline()->barRect(0).center());
        QTRY_VERIFY(window->statistics()->lockText().contains(QStringLiteral("orders:42")));
        window->resize(1100, 340);
        QVERIFY(window->grab().save(target));
    }
};

QTEST_MAIN(tst_LockHistoryWindow)
#include "tst_LockHistoryWindow.moc"
