#include "app/ApplicationIdentity.h"
#include "app/MainWindow.h"
#include "app/UiTranslations.h"
#include "base/CoreTexts.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "demo/DemoTimeline.h"
#include "inspect/LockSnapshot.h"
#include "monitor/LockDetailPane.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "stress/StressError.h"
#include "support/LockFormats.h"
#include "support/RedisTestServer.h"
#include "support/WidgetTestHelpers.h"
#include "tools/contention/ContentionDemoView.h"
#include "tools/contention/DemoStage.h"
#include "tools/contention/DemoStepText.h"
#include "tools/contention/TimelinePlayer.h"

#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>

using namespace lockscope;
using namespace lockscope::ui;
using test::child;
using test::grabIfAsked;
using test::LockFormats;

// With the Simplified Chinese translation installed, what the core says reaches the GUI in
// Chinese: recognition reasons, stuck reasons and holder modes in the lock detail pane, and the
// contention demos' titles, narration and verdicts. The core itself keeps speaking English
// (tst_CliStaysEnglish).
class tst_CoreTextTranslations : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<RedisServerProcess> m_server;
    std::unique_ptr<RedisConnection> m_redis;

    LockId keyOf(const QString& name) const
    {
        return LockId(0, "127.0.0.1:" + std::to_string(m_server->port()), name.toStdString());
    }

    // The detail pane's text for `name`, once the monitor of a window on the test server lists it.
    QString detailsOf(MainWindow& window, ConnectionController& controller, const QString& name)
    {
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        LockMonitorView* view = window.monitorView();
        if (!QTest::qWaitFor([&] { return view->lockModel()->rowOf(keyOf(name)) >= 0; }, 10000))
            return QStringLiteral("(not listed: %1)").arg(window.monitor().status().error);
        if (!view->selectLock(keyOf(name)))
            return QStringLiteral("(cannot select)");
        return view->detailPane()->toPlainText();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("LOCKSCOPE_AUDIT_LOG", m_dir.filePath(QStringLiteral("audit.log")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        ApplicationIdentity::apply();
        QSettings().clear();
        QVERIFY(UiTranslations::install(QLocale(QLocale::Chinese, QLocale::China)));
        m_server = test::startServer();
        QVERIFY(m_server);
        m_redis = test::connectTo(*m_server);
        QVERIFY(m_redis);
    }

    void cleanupTestCase()
    {
        UiTranslations::install(QLocale(QLocale::English));
        m_redis.reset();
        m_server.reset();
    }

    void init() { QVERIFY(m_redis->command({"FLUSHALL"})); }

    void theDetailPaneGivesARedissonLocksRecognitionInChinese()
    {
        QVERIFY(LockFormats::redissonLock(*m_redis, "orders", LockFormats::uuidV4(), 42, 30000).ok());
        ConnectionController controller;
        MainWindow window(controller);
        window.resize(1280, 800);
        window.show();
        const QString details = detailsOf(window, controller, QStringLiteral("orders"));
        QVERIFY2(details.contains(QStringLiteral(
                     "识别置信度 95%：哈希字段 <client-uuid>:<thread> 存放重入计数：Redisson RLock 格式"
                     "（LockScope 的 reentrant 类型写入相同格式）")),
            qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("模式 独占 · 计数 1")), qPrintable(details));
        QVERIFY2(!details.contains(QLatin1String("reentry count")), qPrintable(details));
        grabIfAsked(window, QStringLiteral("lockscope-detail-zh_CN.png"));
        grabIfAsked(*window.monitorView()->detailPane(), QStringLiteral("lockscope-detail-pane-zh_CN.png"));
    }

    void aStuckLocksReasonAndNotesAreInChinese()
    {
        // A Redisson hold without a lease: nothing will ever free it.
        QVERIFY(m_redis->command({"HSET", "payments", LockFormats::uuidV4() + ":7", "1"}));
        // A client waiting on its unlock channel.
        auto waiter = test::connectTo(*m_server);
        QVERIFY(waiter);
        QVERIFY(waiter->send({"SUBSCRIBE", "redisson_lock__channel:{payments}"}).ok());
        QVERIFY(waiter->readReply(std::chrono::milliseconds(5000)));
        ConnectionController controller;
        MainWindow window(controller);
        window.resize(1280, 800);
        window.show();
        const QString details = detailsOf(window, controller, QStringLiteral("payments"));
        QVERIFY2(details.contains(QStringLiteral(
                     "卡住： 没有 TTL：Redisson 总会设置租约，因此没有任何东西会续期或释放这次持有")),
            qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("1 个客户端订阅了解锁频道（是客户端，而非线程）")),
            qPrintable(details));
        grabIfAsked(*window.monitorView()->detailPane(), QStringLiteral("lockscope-detail-stuck-zh_CN.png"));
    }

    void theStatusBarSaysHowTheMonitorWatchesInChinese()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        controller.open(test::optionsFor(*m_server, GuiConnectionDefaults::options()));
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 10000);
        QCOMPARE(window.monitor().status().description, QStringLiteral("通过键空间通知监视"));
    }

    void aMalformedConnectionUrlIsExplainedInChinese()
    {
        ConnectionController controller;
        MainWindow window(controller);
        QCOMPARE(window.addServer(QStringLiteral("redis://localhost:70000")),
            QStringLiteral("端口 '70000' 无效（应为 1-65535）"));
    }

    void wordsTheCoreKeepsAsCodesAreTranslatedByMeaning()
    {
        QCOMPARE(CoreTexts::holderMode(HolderMode::Read), QStringLiteral("读"));
        QCOMPARE(CoreTexts::waiterSource(WaiterSource::FairQueue), QStringLiteral("公平队列"));
        QCOMPARE(CoreTexts::library(LockLibrary::Unknown), QStringLiteral("未知"));
        QCOMPARE(CoreTexts::library(LockLibrary::Redisson), QStringLiteral("Redisson"));
        QCOMPARE(
            CoreTexts::stressError(StressError::of(StressError::Cause::Lost)), QStringLiteral("持有已丢失"));
        QCOMPARE(CoreTexts::stressError(StressError::redis(ErrorKind::ConnectionRefused)),
            QStringLiteral("连接被拒绝"));
        // Every kind of Redis error a stress client can count has its words, the last one too.
        QCOMPARE(CoreTexts::stressError(StressError::redis(ErrorKind::ForeignData)),
            CoreTexts::errorKind(ErrorKind::ForeignData));
        // The kind is LockScope's word; the message is what the system or Redis said.
        QCOMPARE(CoreTexts::error({ErrorKind::AuthFailed, "WRONGPASS invalid username-password pair"}),
            QStringLiteral("认证失败：WRONGPASS invalid username-password pair"));
    }

    void aDemoStepIsLaidOutLikeTheCliButInChinese()
    {
        DemoTimeline::Step step;
        step.seconds = 1.5;
        step.actor = "C3";
        step.text = UserText(LOCKSCOPE_TEXT("DemoScenario", "crashed holding the lock"));
        QCOMPARE(DemoStepText::of(step), QStringLiteral("[+  1.500 s] C3      持有锁时崩溃"));
        // Commands and Redis's replies are quoted as they were.
        step.text = UserText::verbatim("SETNX lock.foo 1700000000000 -> 0");
        QCOMPARE(
            DemoStepText::of(step), QStringLiteral("[+  1.500 s] C3      SETNX lock.foo 1700000000000 -> 0"));
    }

    void theContentionDemoNarratesInChinese()
    {
        ContentionDemoView view;
        view.resize(1200, 760);
        view.show();
        view.setConnection(
            test::optionsFor(*m_server, GuiConnectionDefaults::options()), QStringLiteral("test server"));
        QVERIFY(view.selectScenario(QStringLiteral("getset-recovery")));
        QCOMPARE(child<QComboBox>(view, "scenarioCombo")->currentText(),
            QStringLiteral("2. Redis 的 SETNX 页面中的 SETNX + GETSET 恢复（C4 和 C5）"));
        QVERIFY2(child<QLabel>(view, "expectationLabel")
                     ->text()
                     .contains(QStringLiteral(
                         "无论是编排的竞争还是真实的竞争，C4 和 C5 中都恰好只有一个获取到过期的锁")),
            qPrintable(child<QLabel>(view, "expectationLabel")->text()));

        QSignalSpy finished(&view, &ContentionDemoView::runFinished);
        QTest::mouseClick(child<QPushButton>(view, "runButton"), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QTest::mouseClick(child<QPushButton>(view, "endButton"), Qt::LeftButton);

        QStringList narration;
        auto* list = child<QListWidget>(view, "narrationList");
        for (int row = 0; row < list->count(); ++row)
            narration << list->item(row)->text();
        const QString told = narration.join(QLatin1Char('\n'));
        QVERIFY2(told.contains(QStringLiteral("C3      持有锁时崩溃")), qPrintable(told));
        QVERIFY2(
            told.contains(QStringLiteral("编排：C3 持有 lockscope:demo:lock.foo 时死亡；它的时间戳已过。")),
            qPrintable(told));
        QVERIFY2(told.contains(QStringLiteral("发现锁已过期：尝试 GETSET")), qPrintable(told));
        QVERIFY2(!told.contains(QLatin1String("crashed holding")), qPrintable(told));

        auto* verdict = child<QLabel>(view, "verdictLabel");
        QCOMPARE(verdict->property("asExpected").toBool(), true);
        QCOMPARE(verdict->text(),
            QStringLiteral("✔ 已达到预期结果：获胜者：编排竞争中 1 个，真实竞争中 1 个：每次恰好一个"));
        // The picture is still read from the core's words: C3 is drawn crashed.
        QCOMPARE(view.stage().stateOf(QStringLiteral("C3")), DemoStage::ClientState::Crashed);
        grabIfAsked(view, QStringLiteral("lockscope-demo-zh_CN.png"));
        const int steps = static_cast<int>(view.player().steps().size());
        while (view.player().shown() > steps / 3)
            view.player().stepBack();
        grabIfAsked(view, QStringLiteral("lockscope-demo-zh_CN-middle.png"));
    }
};

QTEST_MAIN(tst_CoreTextTranslations)
#include "tst_CoreTextTranslations.moc"
