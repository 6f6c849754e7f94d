#include "lockhistory/HistoryRecording.h"
#include "profiles/ConnectionProfile.h"
#include "profiles/ConnectionProfileStore.h"
#include "ui/support/GuiTestEnvironment.h"

#include <QtTest>

#include <QSettings>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

ConnectionProfile named(const QString& name, const QString& url)
{
    ConnectionProfile profile;
    profile.name = name;
    profile.url = url;
    return profile;
}

ConnectionProfile everyField()
{
    ConnectionProfile profile;
    profile.name = QStringLiteral("Orders (staging)");
    profile.url = QStringLiteral("rediss://orders.example:6380/3");
    profile.tlsCaFile = QStringLiteral("/etc/lockscope/ca.pem");
    profile.tlsCertFile = QStringLiteral("/etc/lockscope/client.pem");
    profile.tlsKeyFile = QStringLiteral("/etc/lockscope/client.key");
    profile.tlsServerName = QStringLiteral("redis.internal");
    profile.tlsVerify = false;
    profile.user = QStringLiteral("monitor");
    profile.database = 5;
    profile.hasPassword = true;
    profile.readOnly = true;
    profile.production = true;
    profile.lockPatterns = {QStringLiteral("locks:*"), QStringLiteral("mutex:{orders}*")};
    profile.pollIntervalSeconds = 7;
    profile.recordHistory = false;
    profile.historyDatabase = QStringLiteral("postgresql://lockscope@db.internal/lockscope");
    profile.alertHeldSeconds = 90;
    profile.alertWaiters = 0;
    profile.alertStuck = false;
    profile.alertForceRelease = false;
    return profile;
}

} // namespace

// Connection profiles as values, and their store in QSettings.
class tst_ConnectionProfiles : public QObject
{
    Q_OBJECT

    test::GuiTestEnvironment m_environment;

private Q_SLOTS:
    void init() { QSettings().clear(); }

    void profilesRoundTripThroughTheStore()
    {
        ConnectionProfileStore store;
        const ConnectionProfile first = store.save(everyField());
        const ConnectionProfile second
            = store.save(named(QStringLiteral("Local"), QStringLiteral("redis://127.0.0.1:6379")));

        QVERIFY(!first.id.isEmpty());
        QVERIFY(first.id != second.id);
        const QList<ConnectionProfile> read = ConnectionProfileStore().profiles();
        QCOMPARE(read.size(), 2);
        QCOMPARE(read[0], first); // every field, in the order saved
        QCOMPARE(read[1], second);
        QCOMPARE(read[1].database, -1);
        QCOMPARE(read[1].tlsVerify, true);
        QCOMPARE(read[1].recordHistory, true); // history and the alerts are on unless turned off
        QCOMPARE(read[1].historyDatabase, QString()); // the profile's own file
        QCOMPARE(read[1].alertHeldSeconds, 60);
        QCOMPARE(read[1].alertWaiters, 10);
    }

    void savingAgainReplacesTheProfileWithTheSameId()
    {
        ConnectionProfileStore store;
        ConnectionProfile profile = store.save(everyField());
        store.save(named(QStringLiteral("Other"), QStringLiteral("redis://other")));
        profile.name = QStringLiteral("Orders (production)");
        profile.pollIntervalSeconds = 30;
        store.save(profile);

        const QList<ConnectionProfile> read = store.profiles();
        QCOMPARE(read.size(), 2);
        QCOMPARE(read[0].id, profile.id);
        QCOMPARE(read[0].name, QStringLiteral("Orders (production)"));
        QCOMPARE(read[0].pollIntervalSeconds, 30);
    }

    void removingAProfileLeavesTheOthers()
    {
        ConnectionProfileStore store;
        const ConnectionProfile first = store.save(everyField());
        const ConnectionProfile second
            = store.save(named(QStringLiteral("Other"), QStringLiteral("redis://other")));
        store.setLastUsedId(first.id);
        store.remove(first.id);

        QCOMPARE(store.profiles().size(), 1);
        QCOMPARE(store.profiles().first().id, second.id);
        QCOMPARE(store.lastUsedProfile(), std::nullopt);
    }

    void aPasswordInTheUrlIsNeverWrittenToTheSettings()
    {
        ConnectionProfile profile = everyField();
        profile.url = QStringLiteral("redis://monitor:Tr0ub4dor-3@orders.example:6379/2");
        profile.tlsVerify = true;
        profile.tlsCaFile.clear();
        profile.tlsCertFile.clear();
        profile.tlsKeyFile.clear();
        profile.tlsServerName.clear();
        const ConnectionProfile saved = ConnectionProfileStore().save(profile);

        QCOMPARE(saved.url, QStringLiteral("redis://monitor@orders.example:6379/2"));
        QCOMPARE(ConnectionProfileStore().profile(saved.id)->url, saved.url);
        const QByteArray bytes = m_environment.settings().fileBytes();
        QVERIFY(bytes.contains("orders.example"));
        QVERIFY(!bytes.contains("Tr0ub4dor"));
    }

    void theLastUsedProfileIsRemembered()
    {
        ConnectionProfileStore store;
        const ConnectionProfile profile = store.save(everyField());
        QCOMPARE(store.lastUsedProfile(), std::nullopt);
        store.setLastUsedId(profile.id);
        QCOMPARE(ConnectionProfileStore().lastUsedProfile(), profile);
        store.setLastUsedId(ConnectionProfile::sandboxId());
        QCOMPARE(ConnectionProfileStore().lastUsedId(), ConnectionProfile::sandboxId());
        QCOMPARE(ConnectionProfileStore().lastUsedProfile(), std::nullopt); // the sandbox is no saved profile
    }

    void aProfileBecomesConnectionOptions()
    {
        ConnectionProfile profile = everyField();
        auto options = profile.toOptions(QStringLiteral("secret"));
        QVERIFY2(options, options ? "" : options.error().message.c_str());
        QCOMPARE(options->host, std::string("orders.example"));
        QCOMPARE(options->port, 6380);
        QVERIFY(options->tls.enabled);
        QCOMPARE(options->tls.caFile, std::string("/etc/lockscope/ca.pem"));
        QCOMPARE(options->tls.certFile, std::string("/etc/lockscope/client.pem"));
        QCOMPARE(options->tls.keyFile, std::string("/etc/lockscope/client.key"));
        QCOMPARE(options->tls.serverName, std::string("redis.internal"));
        QVERIFY(!options->tls.verifyPeer);
        QCOMPARE(options->user, std::string("monitor"));
        QCOMPARE(options->database, 5); // the profile's, over the URL's /3
        QVERIFY(options->hasPassword);
        QCOMPARE(options->password, std::string("secret"));
        QVERIFY(options->readOnly);
    }

    void aProfileKeepsTheUrlsDatabaseAndUserUnlessItNamesItsOwn()
    {
        ConnectionProfile profile;
        profile.url = QStringLiteral("redis://alice@10.0.0.5:7000/4");
        auto options = profile.toOptions();
        QVERIFY(options);
        QCOMPARE(options->database, 4);
        QCOMPARE(options->user, std::string("alice"));
        QVERIFY(!options->hasPassword);
        QVERIFY(!options->readOnly);
    }

    void sentinelAndUnixUrlsAreReadByTheCore()
    {
        ConnectionProfile sentinel;
        sentinel.url = QStringLiteral("redis+sentinel://10.0.0.1:26379,10.0.0.2:26379/orders");
        auto options = sentinel.toOptions();
        QVERIFY(options);
        QCOMPARE(options->topology, ConnectionOptions::Topology::Sentinel);
        QCOMPARE(options->sentinels.size(), size_t(2));
        QCOMPARE(options->sentinelMaster, std::string("orders"));

        ConnectionProfile socket;
        socket.url = QStringLiteral("unix:///run/redis/redis.sock?db=2");
        options = socket.toOptions();
        QVERIFY(options);
        QCOMPARE(options->transport, ConnectionOptions::Transport::Unix);
        QCOMPARE(options->database, 2);
    }

    void aProfileThatCannotConnectSaysWhy()
    {
        ConnectionProfile profile;
        QVERIFY(!profile.toOptions()); // no URL
        profile.url = QStringLiteral("redis://host:notaport");
        QVERIFY(!profile.toOptions());
        profile.url = QStringLiteral("redis://host:6379");
        profile.tlsCaFile = QStringLiteral("/etc/ca.pem");
        auto options = profile.toOptions();
        QVERIFY(!options);
        QVERIFY(QString::fromStdString(options.error().message).contains(QLatin1String("rediss://")));
    }

    void lockPatternsAndPollIntervalBecomeMonitorSettings()
    {
        ConnectionProfile profile = everyField();
        profile.lockPatterns.append(QStringLiteral("  "));
        const MonitorSettings settings = profile.monitorSettings();
        QCOMPARE(settings.lockPatterns,
            (QStringList {QStringLiteral("locks:*"), QStringLiteral("mutex:{orders}*")}));
        QCOMPARE(settings.pollInterval, std::chrono::milliseconds(7000));
    }

    void historyAndAlertSettingsBecomeAlertRules()
    {
        const MonitorSettings settings = everyField().monitorSettings();
        QCOMPARE(settings.recordHistory, false);
        QCOMPARE(settings.historyDatabase, QStringLiteral("postgresql://lockscope@db.internal/lockscope"));
        const AlertRules rules = HistoryRecording::alertRulesOf(settings);
        QCOMPARE(rules.heldLongerThanMs, std::optional<long long>(90000));
        QVERIFY(!rules.waitersAbove.has_value()); // 0: off
        QCOMPARE(rules.stuck, false);
        QCOMPARE(rules.forceRelease, false);
        const AlertRules defaults = HistoryRecording::alertRulesOf(ConnectionProfile().monitorSettings());
        QCOMPARE(defaults.heldLongerThanMs, std::optional<long long>(60000));
        QCOMPARE(defaults.waitersAbove, std::optional<long long>(10));
        QVERIFY(defaults.stuck && defaults.forceRelease);
    }
};

QTEST_GUILESS_MAIN(tst_ConnectionProfiles)
#include "tst_ConnectionProfiles.moc"
