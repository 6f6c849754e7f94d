#include "app/MainWindow.h"
#include "connection/ConnectionController.h"
#include "profiles/ConnectionProfileStore.h"
#include "profiles/PasswordVault.h"
#include "profiles/ProfileConnector.h"
#include "support/PrivateSessionBus.h"
#include "support/RedisTestServer.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>

using namespace lockscope;
using namespace lockscope::ui;

// Passwords in a real system keyring: gnome-keyring's Secret Service on a private session bus
// (its own files in a temporary directory), reached through QtKeychain as on a desktop.
// Skipped when LockScope was built without QtKeychain or the keyring daemon is not installed.
class tst_PasswordVaultKeyring : public QObject
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;
    QTemporaryDir m_home;
    test::PrivateSessionBus m_bus;
    QProcess m_keyring;

    // Reads the password of `id` with a fresh vault (nothing in its memory), as after a restart.
    static std::optional<QString> readBack(const QString& id)
    {
        PasswordVault vault;
        bool answered = false;
        std::optional<QString> result;
        QObject context;
        vault.read(id, &context, [&](std::optional<QString> password) {
            answered = true;
            result = password;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(answered, 20000); }();
        return result;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!PasswordVault::keyringBuiltIn())
            QSKIP("built without QtKeychain (apt-get install qtkeychain-qt6-dev)");
        if (QStandardPaths::findExecutable(QStringLiteral("gnome-keyring-daemon")).isEmpty())
            QSKIP("gnome-keyring-daemon is not installed (apt-get install gnome-keyring)");
        QVERIFY(m_home.isValid());

        // A bus of this test's own: nothing on this machine is started by it.
        const auto bus = m_bus.start();
        if (bus == test::PrivateSessionBus::Outcome::NotInstalled)
            QSKIP("dbus-daemon is not installed (apt-get install dbus)");
        QVERIFY2(bus == test::PrivateSessionBus::Outcome::Started, qPrintable(m_bus.error()));
        const QString address = m_bus.address();

        // The keyring keeps its files under this test's directory, unlocked with a throw-away
        // password (it creates the login keyring on first use).
        QDir(m_home.path()).mkpath(QStringLiteral("run"));
        QFile::setPermissions(m_home.filePath(QStringLiteral("run")),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), address);
        environment.insert(QStringLiteral("HOME"), m_home.path());
        environment.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.filePath(QStringLiteral("run")));
        m_keyring.setProcessEnvironment(environment);
        m_keyring.start(QStringLiteral("gnome-keyring-daemon"),
            {QStringLiteral("--foreground"), QStringLiteral("--unlock"),
                QStringLiteral("--components=secrets")});
        QVERIFY(m_keyring.waitForStarted(5000));
        m_keyring.write("keyring-for-tests\n");
        m_keyring.closeWriteChannel();
        QDBusConnection probe = QDBusConnection::connectToBus(address, QStringLiteral("probe"));
        QTRY_VERIFY_WITH_TIMEOUT(
            probe.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.secrets")).value(), 10000);
        QDBusConnection::disconnectFromBus(QStringLiteral("probe"));

        // This process reaches the keyring as a desktop application would.
        qputenv("DBUS_SESSION_BUS_ADDRESS", address.toUtf8());
    }

    void cleanupTestCase()
    {
        if (m_keyring.state() != QProcess::NotRunning) {
            m_keyring.terminate();
            if (!m_keyring.waitForFinished(5000))
                m_keyring.kill();
        }
        m_bus.stop();
    }

    void aStoredPasswordIsReadBackFromTheKeyringAndNeverFromTheSettings()
    {
        PasswordVault vault;
        vault.store(QStringLiteral("profile-1"), QStringLiteral("k3yring-only"));
        // The write job is asynchronous: its result shows in a fresh vault.
        std::optional<QString> read;
        QTRY_VERIFY_WITH_TIMEOUT((read = readBack(QStringLiteral("profile-1"))).has_value(), 20000);
        QVERIFY2(vault.keyringUsable(), qPrintable(vault.keyringProblem()));
        QCOMPARE(*read, QStringLiteral("k3yring-only"));
        QVERIFY(!m_environment.settings().fileBytes().contains("k3yring-only"));
    }

    void aPasswordInTheKeyringConnectsWithoutAsking()
    {
        RedisServerConfig config;
        config.extraArgs = {"--requirepass", "s3cret"};
        auto server = test::startServer(config);
        QVERIFY(server);
        ConnectionProfile profile;
        profile.name = QStringLiteral("Guarded");
        profile.url = QString::fromStdString(server->url());
        profile.hasPassword = true;
        profile = ConnectionProfileStore().save(profile);
        PasswordVault earlier; // e.g. the session that saved the profile
        earlier.store(profile.id, QStringLiteral("s3cret"));
        QTRY_VERIFY_WITH_TIMEOUT(readBack(profile.id).has_value(), 20000);

        ConnectionController controller;
        MainWindow window(controller);
        int asked = 0;
        window.connections()->setPasswordPrompt([&](QWidget*, const ConnectionProfile&, const QString&) {
            ++asked;
            return std::optional<QString>();
        });
        window.connections()->connectTo(profile.id);
        QTRY_COMPARE_WITH_TIMEOUT(controller.status().state, ConnectionStatus::State::Connected, 20000);
        QCOMPARE(asked, 0);
        QVERIFY(window.connections()->vault().keyringUsable());
        QVERIFY(!m_environment.settings().fileBytes().contains("s3cret"));
    }

    void forgettingAPasswordRemovesItFromTheKeyring()
    {
        PasswordVault vault;
        vault.store(QStringLiteral("profile-3"), QStringLiteral("gone-soon"));
        QTRY_VERIFY_WITH_TIMEOUT(readBack(QStringLiteral("profile-3")).has_value(), 20000);
        vault.forget(QStringLiteral("profile-3"));
        QTRY_VERIFY_WITH_TIMEOUT(!readBack(QStringLiteral("profile-3")).has_value(), 20000);
        QVERIFY(vault.keyringUsable()); // "not found" is an answer, not a failure
    }
};

QTEST_MAIN(tst_PasswordVaultKeyring)
#include "tst_PasswordVaultKeyring.moc"
