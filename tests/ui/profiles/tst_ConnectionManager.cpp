#include "app/GuiStartup.h"
#include "app/MainWindow.h"
#include "connection/ConnectionController.h"
#include "lockhistory/HistoryRecording.h"
#include "lockhistory/HistoryWindow.h"
#include "monitor/LockMonitorController.h"
#include "monitor/LockMonitorView.h"
#include "monitor/LockTableModel.h"
#include "monitor/admin/LockActionDialog.h"
#include "profiles/ConnectionManagerDialog.h"
#include "profiles/ConnectionProfileForm.h"
#include "profiles/ConnectionProfileStore.h"
#include "profiles/PasswordVault.h"
#include "profiles/ProfileConnector.h"
#include "support/RedisTestCase.h"
#include "support/RedisTestServer.h"
#include "support/TestServerTraits.h"
#include "support/deployments/TlsTestCertificates.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

LockId keyOf(const RedisServerProcess& server, const QString& name)
{
    return LockId(0, "127.0.0.1:" + std::to_string(server.port()), name.toStdString());
}

QString urlOf(const RedisServerProcess& server)
{
    return QString::fromStdString(server.url());
}

// Opens File › Connections… of `window`, lets `use` work in it while it is up, then closes it
// (unless `use` did).
void withConnectionsDialog(MainWindow& window, const std::function<void(ConnectionManagerDialog&)>& use)
{
    bool seen = false;
    std::function<void()> answer;
    answer = [&] {
        auto* dialog = qobject_cast<ConnectionManagerDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            QTimer::singleShot(20, answer); // not up yet
            return;
        }
        seen = true;
        use(*dialog);
        if (dialog->isVisible())
            dialog->reject();
    };
    QTimer::singleShot(0, answer);
    window.connectionsAction()->trigger();
    QVERIFY(seen);
}

// A password prompt that answers `password` and remembers what it was asked.
struct PromptAnswer
{
    std::optional<QString> password;
    int asked = 0;
    QString reason;

    ProfileConnector::PasswordPrompt prompt()
    {
        return [this](QWidget*, const ConnectionProfile&, const QString& why) {
            ++asked;
            reason = why;
            return password;
        };
    }
};

} // namespace

// The connection manager: saved profiles in the dialog, their passwords, and what each
// profile's settings do to the monitor, against real redis-server processes.
class tst_ConnectionManager : public test::RedisTestCase
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

    ConnectionProfile saveProfile(const QString& name, const QString& url)
    {
        ConnectionProfile profile;
        profile.name = name;
        profile.url = url;
        return ConnectionProfileStore().save(profile);
    }

    static void waitUntilWatching(ConnectionController& controller, const MainWindow& window)
    {
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.monitor().status().state, MonitorStatus::State::Watching, 10000);
    }

    void setToken(RedisConnection& redis, const std::string& key)
    {
        auto set = redis.command({"SET", key, "f81d4fae7dec11d0a76500a0c91e6bf6", "PX", "60000"});
        QVERIFY2(set, set ? "" : set.error().toString().c_str());
    }

private Q_SLOTS:
    void init()
    {
        QSettings().clear();
        QVERIFY(m_redis->command({"FLUSHALL"}));
    }

    void theDialogAddsAProfileAndConnectingShowsTheServersLocks()
    {
        setToken(*m_redis, "lock:invoices");
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QCOMPARE(dialog.list()->item(0)->text(), QStringLiteral("Sandbox (built-in)"));
            QTest::mouseClick(
                dialog.findChild<QPushButton*>(QStringLiteral("addConnectionButton")), Qt::LeftButton);
            QCOMPARE(dialog.list()->count(), 2);
            ConnectionProfileForm* form = dialog.form();
            form->nameEdit()->selectAll();
            QTest::keyClicks(form->nameEdit(), QStringLiteral("Invoices"));
            form->urlEdit()->selectAll();
            QTest::keyClicks(form->urlEdit(), urlOf(*m_server));
            QCOMPARE(dialog.list()->currentItem()->text(), QStringLiteral("Invoices"));
            if (qEnvironmentVariableIsSet("LOCKSCOPE_DIALOG_PNG")) {
                QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
                QTRY_VERIFY_WITH_TIMEOUT(
                    dialog.testResult()->text().contains(QLatin1String("Connected:")), 10000);
                QApplication::processEvents(); // the layout settles
                dialog.grab().save(qEnvironmentVariable("LOCKSCOPE_DIALOG_PNG"), "PNG");
            }
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });

        waitUntilWatching(controller, window);
        const QList<ConnectionProfile> saved = ConnectionProfileStore().profiles();
        QCOMPARE(saved.size(), 1);
        QCOMPARE(saved.first().name, QStringLiteral("Invoices"));
        QCOMPARE(controller.profileId(), saved.first().id);
        QCOMPARE(controller.label(), QStringLiteral("Invoices"));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.monitorView()->lockModel()->rowOf(keyOf(*m_server, QStringLiteral("lock:invoices"))) >= 0,
            5000);
        QCOMPARE(ConnectionProfileStore().lastUsedId(), saved.first().id);
    }

    void aProfileWithHistoryOffRecordsNothingAndAlertsByItsOwnLimits()
    {
        ConnectionProfile profile = saveProfile(QStringLiteral("Quiet"), urlOf(*m_server));
        profile.recordHistory = false;
        profile.alertHeldSeconds = 7;
        profile.alertWaiters = 0;
        ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QVERIFY(dialog.selectProfile(profile.id));
            QVERIFY(!dialog.form()->recordHistoryCheck()->isChecked());
            QCOMPARE(dialog.form()->alertHeldSpin()->value(), 7);
            QCOMPARE(dialog.form()->alertWaitersSpin()->text(), QStringLiteral("off"));
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });
        waitUntilWatching(controller, window);
        QVERIFY(window.history().databasePath().isEmpty());
        QVERIFY(!window.history().problem().isEmpty());
        QCOMPARE(window.history().alertRules().heldLongerThanMs, std::optional<long long>(7000));
        QVERIFY(!window.history().alertRules().waitersAbove.has_value());
        QCOMPARE(window.showHistory()->headerText(), window.history().problem());
    }

    void aLockHeldPastItsProfilesLimitIsHighlightedInTheTable()
    {
        ConnectionProfile profile = saveProfile(QStringLiteral("Strict"), urlOf(*m_server));
        profile.recordHistory = false;
        profile.alertHeldSeconds = 1;
        ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QVERIFY(dialog.selectProfile(profile.id));
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });
        waitUntilWatching(controller, window);
        setToken(*m_redis, "lock:slow-report");
        LockTableModel* locks = window.monitorView()->lockModel();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:slow-report"));
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(key) >= 0
                && !locks->index(locks->rowOf(key), 0).data(LockTableModel::AlertRole).toString().isEmpty(),
            10000);
        QVERIFY(locks->index(locks->rowOf(key), LockTableModel::HoldersColumn)
                    .data(Qt::BackgroundRole)
                    .isValid());
        if (qEnvironmentVariableIsSet("LOCKSCOPE_ALERT_PNG")) {
            window.resize(1200, 500);
            window.show();
            QApplication::processEvents(); // the layout settles
            window.grab().save(qEnvironmentVariable("LOCKSCOPE_ALERT_PNG"), "PNG");
        }
        QVERIFY(m_redis->command({"DEL", "lock:slow-report"}));
    }

    void theEmptyStateOpensTheConnections()
    {
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        auto* button = window.findChild<QPushButton*>(QStringLiteral("locksEmptyConnections"));
        QVERIFY(button);
        QVERIFY(button->isVisible()); // nothing connected: the next step is offered
        bool opened = false;
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<ConnectionManagerDialog*>(QApplication::activeModalWidget());
            opened = dialog != nullptr;
            if (dialog)
                dialog->reject();
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(opened);
    }

    void duplicatingAProfileCopiesItsSettings()
    {
        ConnectionProfile original = saveProfile(QStringLiteral("Orders"), urlOf(*m_server));
        original.lockPatterns = {QStringLiteral("orders:*")};
        original.pollIntervalSeconds = 9;
        original.readOnly = true;
        ConnectionProfileStore().save(original);
        ConnectionController controller;
        MainWindow window(controller);
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QVERIFY(dialog.selectProfile(original.id));
            QTest::mouseClick(
                dialog.findChild<QPushButton*>(QStringLiteral("duplicateConnectionButton")), Qt::LeftButton);
            QCOMPARE(dialog.list()->currentItem()->text(), QStringLiteral("Orders (copy)"));
        });
        const QList<ConnectionProfile> saved = ConnectionProfileStore().profiles();
        QCOMPARE(saved.size(), 2);
        ConnectionProfile copy = saved[1];
        QVERIFY(copy.id != original.id);
        QCOMPARE(copy.name, QStringLiteral("Orders (copy)"));
        copy.id = original.id;
        copy.name = original.name;
        QCOMPARE(copy, original);
    }

    void aProfilesSharedHistoryDatabaseShowsInItsForm()
    {
        ConnectionProfile profile = saveProfile(QStringLiteral("Invoices (EU)"), urlOf(*m_server));
        profile.historyDatabase
            = QStringLiteral("postgresql://lockscope@db.internal/lockscope?sslmode=verify-full");
        ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QVERIFY(dialog.selectProfile(profile.id));
            auto* field = dialog.findChild<QLineEdit*>(QStringLiteral("profileHistoryDatabase"));
            QVERIFY(field);
            QCOMPARE(field->text(), profile.historyDatabase);
            if (qEnvironmentVariableIsSet("LOCKSCOPE_PROFILE_PNG")) {
                // The URL from its start, and the field in view (the form scrolls).
                field->setCursorPosition(0);
                dialog.resize(900, 860);
                QApplication::processEvents(); // the layout settles
                for (QWidget* parent = field->parentWidget(); parent; parent = parent->parentWidget()) {
                    if (auto* scrolling = qobject_cast<QScrollArea*>(parent))
                        scrolling->ensureWidgetVisible(field);
                }
                QApplication::processEvents();
                dialog.grab().save(qEnvironmentVariable("LOCKSCOPE_PROFILE_PNG"), "PNG");
            }
        });
        QCOMPARE(ConnectionProfileStore().profiles()[0].historyDatabase, profile.historyDatabase);
    }

    void testConnectionShowsWhatAnswersAndWhatFails()
    {
        const ConnectionProfile live = saveProfile(QStringLiteral("Live"), urlOf(*m_server));
        // A port nothing listens on: the test's own server, stopped.
        auto gone = test::startServer();
        QVERIFY(gone);
        const ConnectionProfile dead = saveProfile(QStringLiteral("Dead"), urlOf(*gone));
        gone.reset();
        ConnectionController controller;
        MainWindow window(controller);
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QVERIFY(dialog.selectProfile(live.id));
            QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog.testResult()->text().contains(QLatin1String("Connected")), 10000);
            QVERIFY2(dialog.testResult()->text().contains(QLatin1String("Redis ")),
                qPrintable(dialog.testResult()->text()));

            QVERIFY(dialog.selectProfile(dead.id));
            QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog.testResult()->text().startsWith(QStringLiteral("✘")), 10000);
            QVERIFY(dialog.testButton()->isEnabled());
        });
        QVERIFY(!controller.isOpen()); // testing connects nothing
    }

    void aTlsProfileUsesItsCertificateFiles()
    {
        auto certificates = test::TlsTestCertificates::create();
        QVERIFY(certificates);
        auto server = certificates->startServer(test::TlsTestCertificates::ClientCertificates::Required);
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QTest::mouseClick(
                dialog.findChild<QPushButton*>(QStringLiteral("addConnectionButton")), Qt::LeftButton);
            ConnectionProfileForm* form = dialog.form();
            form->urlEdit()->selectAll();
            QTest::keyClicks(form->urlEdit(), QStringLiteral("rediss://127.0.0.1:%1").arg(server->port()));
            auto type = [&](const char* field, const std::string& text) {
                auto* edit = form->findChild<QLineEdit*>(QString::fromLatin1(field));
                QVERIFY(edit && edit->isEnabled()); // TLS fields are on for rediss://
                edit->selectAll();
                QTest::keyClicks(edit, QString::fromStdString(text));
            };
            type("profileCaFile", certificates->untrustedCaFile());
            type("profileCertFile", certificates->clientCertFile());
            type("profileKeyFile", certificates->clientKeyFile());
            QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog.testResult()->text().startsWith(QStringLiteral("✘")), 10000);

            type("profileCaFile", certificates->caFile());
            QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog.testResult()->text().contains(QLatin1String("Connected")), 10000);
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });
        waitUntilWatching(controller, window);
        const ConnectionProfile saved = ConnectionProfileStore().profiles().first();
        QCOMPARE(saved.tlsCaFile, QString::fromStdString(certificates->caFile()));
        QCOMPARE(saved.tlsKeyFile, QString::fromStdString(certificates->clientKeyFile()));
    }

    void theSandboxEntryGoesBackToTheSandbox()
    {
        auto sandbox = test::startServer();
        QVERIFY(sandbox);
        const ConnectionProfile other = saveProfile(QStringLiteral("Other"), urlOf(*m_server));
        ConnectionController controller;
        MainWindow window(controller);
        window.offerSandbox(urlOf(*sandbox));
        window.connections()->connectTo(other.id);
        waitUntilWatching(controller, window);

        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QVERIFY(dialog.selectProfile(ConnectionProfile::sandboxId()));
            QVERIFY(dialog.connectButton()->isEnabled());
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });
        QCOMPARE(controller.label(), QStringLiteral("sandbox"));
        QVERIFY(controller.profileId().isEmpty());
        QCOMPARE(controller.options().port, sandbox->port());
    }

    void thePasswordNeverReachesTheSettingsFile()
    {
        RedisServerConfig config;
        config.extraArgs = {"--requirepass", "c0rrect-h0rse"};
        auto server = test::startServer(config);
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        PromptAnswer prompt; // must not be needed: the password was typed into the profile
        window.connections()->setPasswordPrompt(prompt.prompt());
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QTest::mouseClick(
                dialog.findChild<QPushButton*>(QStringLiteral("addConnectionButton")), Qt::LeftButton);
            ConnectionProfileForm* form = dialog.form();
            form->urlEdit()->selectAll();
            QTest::keyClicks(form->urlEdit(), urlOf(*server));
            form->passwordRequired()->setChecked(true);
            QTest::keyClicks(form->passwordEdit(), QStringLiteral("c0rrect-h0rse"));
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });

        waitUntilWatching(controller, window);
        QCOMPARE(prompt.asked, 0);
        QVERIFY(ConnectionProfileStore().profiles().first().hasPassword);
        const QByteArray settings = m_environment.settings().fileBytes();
        QVERIFY(settings.contains(QByteArray::number(server->port()))); // the profile is there
        QVERIFY2(!settings.contains("c0rrect-h0rse"), settings.constData());
    }

    void aPasswordTypedIntoTheUrlMovesOutOfIt()
    {
        RedisServerConfig config;
        config.extraArgs = {"--requirepass", "in-the-url"};
        auto server = test::startServer(config);
        QVERIFY(server);
        ConnectionController controller;
        MainWindow window(controller);
        PromptAnswer prompt;
        window.connections()->setPasswordPrompt(prompt.prompt());
        withConnectionsDialog(window, [&](ConnectionManagerDialog& dialog) {
            QTest::mouseClick(
                dialog.findChild<QPushButton*>(QStringLiteral("addConnectionButton")), Qt::LeftButton);
            dialog.form()->urlEdit()->selectAll();
            QTest::keyClicks(dialog.form()->urlEdit(),
                QStringLiteral("redis://:in-the-url@127.0.0.1:%1").arg(server->port()));
            QTest::mouseClick(dialog.testButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog.testResult()->text().contains(QLatin1String("Connected")), 10000);
            QCOMPARE(dialog.form()->urlEdit()->text(), urlOf(*server)); // shown without it once saved
            QVERIFY(dialog.form()->passwordRequired()->isChecked());
            QTest::mouseClick(dialog.connectButton(), Qt::LeftButton);
        });
        waitUntilWatching(controller, window);
        QCOMPARE(prompt.asked, 0);
        QVERIFY(!m_environment.settings().fileBytes().contains("in-the-url"));
    }

    void aPasswordProtectedServerAsksForThePasswordWhenConnecting()
    {
        RedisServerConfig config;
        // Channel rules only where the server has them (Redis 6.2+).
        config.configText = std::string("user locksmith on >s3same ~* ")
            + (test::TestServerTraits::ofPathServer().aclChannelRules ? "&* " : "") + "+@all\n";
        config.extraArgs = {"--requirepass", "n0t-this-one"}; // only the ACL user gets in
        auto server = test::startServer(config);
        QVERIFY(server);
        ConnectionProfile profile;
        profile.name = QStringLiteral("Guarded");
        profile.url = urlOf(*server);
        profile.user = QStringLiteral("locksmith");
        profile.hasPassword = true;
        profile = ConnectionProfileStore().save(profile);
        {
            auto redis = test::connectTo(*server, [] {
                ConnectionOptions options;
                options.user = "locksmith";
                options.password = "s3same";
                options.hasPassword = true;
                return options;
            }());
            QVERIFY(redis);
            setToken(*redis, "lock:vault");
        }

        ConnectionController controller;
        MainWindow window(controller);
        PromptAnswer prompt;
        prompt.password = QStringLiteral("s3same");
        window.connections()->setPasswordPrompt(prompt.prompt());
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);

        QCOMPARE(prompt.asked, 1);
        QVERIFY2(!prompt.reason.isEmpty(), "the prompt says why it asks");
        QVERIFY(!window.connections()->vault().keyringUsable()); // no keyring in tests: asked instead
        QTRY_VERIFY_WITH_TIMEOUT(
            window.monitorView()->lockModel()->rowOf(keyOf(*server, QStringLiteral("lock:vault"))) >= 0,
            5000);
        // Kept for the session: connecting again asks no more.
        controller.close();
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);
        QCOMPARE(prompt.asked, 1);
        QVERIFY(!m_environment.settings().fileBytes().contains("s3same"));
    }

    void aRefusedPasswordIsAskedForAgainOnTheNextConnect()
    {
        RedisServerConfig config;
        config.extraArgs = {"--requirepass", "r1ght"};
        auto server = test::startServer(config);
        QVERIFY(server);
        ConnectionProfile profile;
        profile.name = QStringLiteral("Guarded");
        profile.url = urlOf(*server);
        profile.hasPassword = true;
        profile = ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        PromptAnswer prompt;
        prompt.password = QStringLiteral("wr0ng");
        window.connections()->setPasswordPrompt(prompt.prompt());
        window.connections()->connectTo(profile.id);
        QTRY_VERIFY_WITH_TIMEOUT(controller.status().authFailed, 10000);
        QCOMPARE(controller.status().state, ConnectionStatus::State::Unreachable);

        prompt.password = QStringLiteral("r1ght");
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);
        QCOMPARE(prompt.asked, 2);
    }

    void cancellingThePasswordPromptConnectsNothing()
    {
        ConnectionProfile profile;
        profile.name = QStringLiteral("Guarded");
        profile.url = urlOf(*m_server);
        profile.hasPassword = true;
        profile = ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        PromptAnswer prompt; // answers nothing: cancelled
        window.connections()->setPasswordPrompt(prompt.prompt());
        QSignalSpy failed(window.connections(), &ProfileConnector::failed);
        window.connections()->connectTo(profile.id);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
        QCOMPARE(prompt.asked, 1);
        QVERIFY(!controller.isOpen());
    }

    void profileLockPatternsRestrictTheListing()
    {
        // Both look like locks to the heuristics; only one matches the profile's pattern.
        setToken(*m_redis, "lock:billing:1");
        setToken(*m_redis, "lock:shipping:1");
        ConnectionProfile profile;
        profile.name = QStringLiteral("Billing");
        profile.url = urlOf(*m_server);
        profile.lockPatterns = {QStringLiteral("lock:billing:*")};
        profile = ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);

        LockTableModel* locks = window.monitorView()->lockModel();
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(keyOf(*m_server, QStringLiteral("lock:billing:1"))) >= 0, 5000);
        QCOMPARE(locks->rowOf(keyOf(*m_server, QStringLiteral("lock:shipping:1"))), -1);
        // Nor does one that appears later.
        setToken(*m_redis, "lock:shipping:2");
        setToken(*m_redis, "lock:billing:2");
        QTRY_VERIFY_WITH_TIMEOUT(locks->rowOf(keyOf(*m_server, QStringLiteral("lock:billing:2"))) >= 0, 5000);
        QCOMPARE(locks->rowOf(keyOf(*m_server, QStringLiteral("lock:shipping:2"))), -1);
        QCOMPARE(locks->rowCount(), 2);
    }

    void aKeyMatchingTheProfilesPatternsIsALockInAnyFormat()
    {
        // A hash no library writes: only the user's pattern makes it a lock.
        QVERIFY(m_redis->command({"HSET", "jobs:nightly", "owner", "worker-7"}));
        ConnectionProfile profile;
        profile.name = QStringLiteral("Jobs");
        profile.url = urlOf(*m_server);
        profile.lockPatterns = {QStringLiteral("jobs:*")};
        profile = ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.monitorView()->lockModel()->rowOf(keyOf(*m_server, QStringLiteral("jobs:nightly"))) >= 0,
            5000);
    }

    void aProfilesPollIntervalShowsInTheStatusBarWhenNotificationsAreOff()
    {
        auto server = test::startServer();
        QVERIFY(server);
        auto redis = test::connectTo(*server);
        QVERIFY(redis);
        QVERIFY(redis->command({"CONFIG", "SET", "notify-keyspace-events", ""}));
        ConnectionProfile profile;
        profile.name = QStringLiteral("Quiet");
        profile.url = urlOf(*server);
        profile.pollIntervalSeconds = 3;
        profile = ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);

        QVERIFY(!window.monitor().status().notifications);
        QTRY_COMPARE_WITH_TIMEOUT(window.findChild<QLabel*>(QStringLiteral("statusLiveUpdates"))->text(),
            QStringLiteral("Live: polling every 3 s (notifications off)"), 5000);
    }

    void aProductionProfileRequiresTypingTheLocksName()
    {
        setToken(*m_redis, "lock:ledger");
        ConnectionProfile profile = saveProfile(QStringLiteral("Ledger"), urlOf(*m_server));
        profile.production = true;
        ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);
        QVERIFY(controller.isProductionMarked());
        QVERIFY(window.productionAction()->isChecked());

        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:ledger"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        bool askedForTheName = false;
        bool enabledBeforeTyping = true;
        bool enabledWithoutAReason = true;
        view->setDialogHook([&](LockActionDialog& dialog) {
            auto* name = dialog.findChild<QLineEdit*>(QStringLiteral("confirmNameEdit"));
            auto* confirm = dialog.findChild<QPushButton*>(QStringLiteral("confirmButton"));
            askedForTheName = name != nullptr;
            enabledBeforeTyping = confirm->isEnabled();
            if (name)
                QTest::keyClicks(name, QStringLiteral("lock:ledger"));
            enabledWithoutAReason = confirm->isEnabled();
            QTest::keyClicks(
                dialog.findChild<QLineEdit*>(QStringLiteral("reasonEdit")), QStringLiteral("INC-1"));
            return confirm->isEnabled();
        });
        view->forceReleaseAction()->trigger();
        QVERIFY(askedForTheName);
        QVERIFY(!enabledBeforeTyping);
        QVERIFY(!enabledWithoutAReason); // production: the audit needs a reason
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) < 0, 5000);
    }

    void unmarkingProductionIsSavedInTheProfile()
    {
        ConnectionProfile profile = saveProfile(QStringLiteral("Ledger"), urlOf(*m_server));
        profile.production = true;
        ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        window.connections()->connectTo(profile.id);
        QTRY_VERIFY(controller.isOpen());
        window.productionAction()->setChecked(false);
        QVERIFY(!controller.isProductionMarked());
        QVERIFY(!ConnectionProfileStore().profile(profile.id)->production);
    }

    void theLastUsedProfileIsReopenedAtStart()
    {
        setToken(*m_redis, "lock:reopened");
        const ConnectionProfile profile = saveProfile(QStringLiteral("Reopened"), urlOf(*m_server));
        ConnectionProfileStore().setLastUsedId(profile.id);
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope")}), std::nullopt);
        QVERIFY(!startup.sandbox()); // the saved connection, not the sandbox
        waitUntilWatching(*startup.controller(), *startup.window());
        QCOMPARE(startup.controller()->profileId(), profile.id);
        QTRY_VERIFY_WITH_TIMEOUT(startup.window()->monitorView()->lockModel()->rowOf(
                                     keyOf(*m_server, QStringLiteral("lock:reopened")))
                >= 0,
            5000);
    }

    void withTheSandboxUsedLastTheSandboxStarts()
    {
        saveProfile(QStringLiteral("Not this one"), urlOf(*m_server));
        ConnectionProfileStore().setLastUsedId(ConnectionProfile::sandboxId());
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope")}), std::nullopt);
        QVERIFY(startup.sandbox());
        QTRY_COMPARE_WITH_TIMEOUT(
            startup.controller()->status().state, ConnectionStatus::State::Connected, 10000);
        QCOMPARE(startup.controller()->options().port, startup.sandbox()->port());
    }

    void theSandboxStartsOnDemandAfterStartingWithAUrl()
    {
        GuiStartup startup;
        QCOMPARE(startup.start({QStringLiteral("lockscope"), QStringLiteral("--url"), urlOf(*m_server)}),
            std::nullopt);
        QVERIFY(!startup.sandbox());
        QVERIFY(startup.window()->sandboxAction()->isVisible());
        startup.window()->sandboxAction()->trigger();
        QVERIFY(startup.sandbox());
        QTRY_COMPARE_WITH_TIMEOUT(
            startup.controller()->status().state, ConnectionStatus::State::Connected, 10000);
        QCOMPARE(startup.controller()->options().port, startup.sandbox()->port());
        QCOMPARE(startup.controller()->label(), QStringLiteral("sandbox"));
    }

    void aReadOnlyProfileDisablesForceRelease()
    {
        setToken(*m_redis, "lock:readonly");
        ConnectionProfile profile = saveProfile(QStringLiteral("Look only"), urlOf(*m_server));
        profile.readOnly = true;
        ConnectionProfileStore().save(profile);
        ConnectionController controller;
        MainWindow window(controller);
        window.show();
        window.connections()->connectTo(profile.id);
        waitUntilWatching(controller, window);

        LockMonitorView* view = window.monitorView();
        const LockId key = keyOf(*m_server, QStringLiteral("lock:readonly"));
        QTRY_VERIFY_WITH_TIMEOUT(view->lockModel()->rowOf(key) >= 0, 5000);
        QVERIFY(view->selectLock(key));
        QVERIFY(!view->forceReleaseAction()->isEnabled());
        QVERIFY(view->forceReleaseAction()->toolTip().contains(QLatin1String("read-only")));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("statusReadOnly"))->isVisible());
    }
};

QTEST_MAIN(tst_ConnectionManager)
#include "tst_ConnectionManager.moc"
