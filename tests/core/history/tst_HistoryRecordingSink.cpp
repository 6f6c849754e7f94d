#include "core/history/HistoryTestEvents.h"
#include "history/HistoryQuery.h"
#include "history/HistoryRecordingSink.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace lockscope;
using test::lockEvent;
using Type = LockEvent::Type;

// The sink between the watcher and the history: it records while it can, and its alerts never
// depend on the database.
class tst_HistoryRecordingSink : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static AlertRules heldLongerThanAMinute() { return {60000, false, std::nullopt, false}; }

private slots:
    void aLongHoldAlertsWhileRecording()
    {
        std::vector<LockAlert> alerts;
        HistoryRecordingSink sink(m_dir.filePath("recording.sqlite").toStdString(), {},
            heldLongerThanAMinute(), nullptr, [&alerts](const LockAlert& alert) { alerts.push_back(alert); });
        sink.watchingStarted({}, 1000, {"test"});
        QVERIFY(sink.isRecording());
        sink.lockChanged(lockEvent(Type::Appeared, "report", {"A"}, 2000));
        sink.flushIfDue(30000);
        QVERIFY(alerts.empty());
        sink.flushIfDue(63000);
        QCOMPARE(alerts.size(), size_t(1));
        QCOMPARE(alerts[0].lock, std::string("report"));
        QCOMPARE(alerts[0].holder, std::string("A"));
        sink.close(64000);
        auto query = HistoryQuery::open(m_dir.filePath("recording.sqlite").toStdString());
        QVERIFY(query);
        auto kept = query->alerts({0, 100000});
        QVERIFY(kept);
        QCOMPARE(kept->size(), size_t(1));
    }

    void aHoldUnderWayWhenTheDatabaseFailsStillAlerts()
    {
        // A full disk (SQLite's max_page_count) ends recording while "report" is held; the alert
        // for that hold comes all the same, from the holds the recorder had under way.
        HistoryOptions options;
        options.fileLimitBytes = 160 * 1024;
        options.batchSize = 50;
        std::vector<RedisError> problems;
        std::vector<LockAlert> alerts;
        HistoryRecordingSink sink(
            m_dir.filePath("full.sqlite").toStdString(), options, heldLongerThanAMinute(),
            [&problems](const RedisError& error) { problems.push_back(error); },
            [&alerts](const LockAlert& alert) { alerts.push_back(alert); });
        sink.watchingStarted({}, 1000, {"test"});
        sink.lockChanged(lockEvent(Type::Appeared, "report", {"A"}, 2000));
        for (int i = 0; i < 100000 && sink.isRecording(); ++i) {
            const std::string name = "filler:" + std::to_string(i) + std::string(200, 'x');
            sink.lockChanged(lockEvent(Type::Appeared, name, {"B"}, 3000 + i));
            sink.lockChanged(lockEvent(Type::Released, name, {"B"}, 3000 + i));
        }
        QVERIFY2(!sink.isRecording(), "the cap was never reached");
        QCOMPARE(problems.size(), size_t(1));
        QVERIFY2(QString::fromStdString(problems[0].message).contains("full"), problems[0].message.c_str());
        sink.flushIfDue(63000);
        QCOMPARE(alerts.size(), size_t(1));
        QCOMPARE(alerts[0].lock, std::string("report"));
        // And holds that start after the failure are followed too.
        sink.lockChanged(lockEvent(Type::Appeared, "late", {"C"}, 70000));
        sink.flushIfDue(131000);
        QCOMPARE(alerts.size(), size_t(2));
        QCOMPARE(alerts[1].lock, std::string("late"));
    }

    void withHistoryOffNothingIsWrittenAndAlertsFire()
    {
        const QStringList filesBefore = QDir(m_dir.path()).entryList(QDir::Files);
        std::vector<LockAlert> alerts;
        HistoryRecordingSink sink({}, {}, heldLongerThanAMinute(), nullptr,
            [&alerts](const LockAlert& alert) { alerts.push_back(alert); });
        sink.watchingStarted({}, 1000, {"test"});
        QVERIFY(!sink.isRecording());
        sink.lockChanged(lockEvent(Type::Appeared, "report", {"A"}, 2000));
        sink.flushIfDue(63000);
        QCOMPARE(alerts.size(), size_t(1));
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), filesBefore);
    }
};

QTEST_GUILESS_MAIN(tst_HistoryRecordingSink)
#include "tst_HistoryRecordingSink.moc"
