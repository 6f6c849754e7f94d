#include "profiles/ConnectionProfileStore.h"

#include <QSettings>

#include <algorithm>

namespace lockscope::ui {

namespace {

const QString profilesArray = QStringLiteral("connections/profiles");
const QString lastUsedKey = QStringLiteral("connections/lastUsed");

ConnectionProfile readProfile(const QSettings& settings)
{
    ConnectionProfile profile;
    profile.id = settings.value(QStringLiteral("id")).toString();
    profile.name = settings.value(QStringLiteral("name")).toString();
    profile.url = settings.value(QStringLiteral("url")).toString();
    profile.tlsCaFile = settings.value(QStringLiteral("tlsCaFile")).toString();
    profile.tlsCertFile = settings.value(QStringLiteral("tlsCertFile")).toString();
    profile.tlsKeyFile = settings.value(QStringLiteral("tlsKeyFile")).toString();
    profile.tlsServerName = settings.value(QStringLiteral("tlsServerName")).toString();
    profile.tlsVerify = settings.value(QStringLiteral("tlsVerify"), true).toBool();
    profile.user = settings.value(QStringLiteral("user")).toString();
    profile.database = settings.value(QStringLiteral("database"), -1).toInt();
    profile.hasPassword = settings.value(QStringLiteral("hasPassword"), false).toBool();
    profile.readOnly = settings.value(QStringLiteral("readOnly"), false).toBool();
    profile.production = settings.value(QStringLiteral("production"), false).toBool();
    profile.lockPatterns = settings.value(QStringLiteral("lockPatterns")).toStringList();
    profile.pollIntervalSeconds
        = std::max(1, settings.value(QStringLiteral("pollIntervalSeconds"), 2).toInt());
    profile.recordHistory = settings.value(QStringLiteral("recordHistory"), true).toBool();
    profile.historyDatabase = settings.value(QStringLiteral("historyDatabase")).toString();
    profile.alertHeldSeconds = std::max(0, settings.value(QStringLiteral("alertHeldSeconds"), 60).toInt());
    profile.alertWaiters = std::max(0, settings.value(QStringLiteral("alertWaiters"), 10).toInt());
    profile.alertStuck = settings.value(QStringLiteral("alertStuck"), true).toBool();
    profile.alertForceRelease = settings.value(QStringLiteral("alertForceRelease"), true).toBool();
    return profile;
}

void writeProfile(QSettings& settings, const ConnectionProfile& profile)
{
    settings.setValue(QStringLiteral("id"), profile.id);
    settings.setValue(QStringLiteral("name"), profile.name);
    // A password typed into the URL goes to the keyring, never here.
    settings.setValue(QStringLiteral("url"), ConnectionProfile::urlWithoutPassword(profile.url));
    settings.setValue(QStringLiteral("tlsCaFile"), profile.tlsCaFile);
    settings.setValue(QStringLiteral("tlsCertFile"), profile.tlsCertFile);
    settings.setValue(QStringLiteral("tlsKeyFile"), profile.tlsKeyFile);
    settings.setValue(QStringLiteral("tlsServerName"), profile.tlsServerName);
    settings.setValue(QStringLiteral("tlsVerify"), profile.tlsVerify);
    settings.setValue(QStringLiteral("user"), profile.user);
    settings.setValue(QStringLiteral("database"), profile.database);
    settings.setValue(QStringLiteral("hasPassword"), profile.hasPassword);
    settings.setValue(QStringLiteral("readOnly"), profile.readOnly);
    settings.setValue(QStringLiteral("production"), profile.production);
    settings.setValue(QStringLiteral("lockPatterns"), profile.lockPatterns);
    settings.setValue(QStringLiteral("pollIntervalSeconds"), profile.pollIntervalSeconds);
    settings.setValue(QStringLiteral("recordHistory"), profile.recordHistory);
    settings.setValue(QStringLiteral("historyDatabase"), profile.historyDatabase);
    settings.setValue(QStringLiteral("alertHeldSeconds"), profile.alertHeldSeconds);
    settings.setValue(QStringLiteral("alertWaiters"), profile.alertWaiters);
    settings.setValue(QStringLiteral("alertStuck"), profile.alertStuck);
    settings.setValue(QStringLiteral("alertForceRelease"), profile.alertForceRelease);
}

} // namespace

QList<ConnectionProfile> ConnectionProfileStore::profiles() const
{
    QSettings settings;
    QList<ConnectionProfile> result;
    const int count = settings.beginReadArray(profilesArray);
    for (int i = 0; i < count; ++i) {
        settings.setArrayIndex(i);
        ConnectionProfile profile = readProfile(settings);
        if (!profile.id.isEmpty()) // an entry edited by hand into something unusable
            result.append(profile);
    }
    settings.endArray();
    return result;
}

std::optional<ConnectionProfile> ConnectionProfileStore::profile(const QString& id) const
{
    for (const ConnectionProfile& profile : profiles()) {
        if (profile.id == id)
            return profile;
    }
    return std::nullopt;
}

ConnectionProfile ConnectionProfileStore::save(ConnectionProfile profile)
{
    if (profile.id.isEmpty() || profile.id == ConnectionProfile::sandboxId())
        profile.id = ConnectionProfile::newId();
    profile.url = ConnectionProfile::urlWithoutPassword(profile.url);
    QList<ConnectionProfile> all = profiles();
    auto existing = std::find_if(
        all.begin(), all.end(), [&profile](const ConnectionProfile& p) { return p.id == profile.id; });
    if (existing != all.end())
        *existing = profile;
    else
        all.append(profile);
    write(all);
    return profile;
}

void ConnectionProfileStore::remove(const QString& id)
{
    QList<ConnectionProfile> all = profiles();
    all.removeIf([&id](const ConnectionProfile& profile) { return profile.id == id; });
    write(all);
    if (lastUsedId() == id)
        QSettings().remove(lastUsedKey);
}

void ConnectionProfileStore::write(const QList<ConnectionProfile>& profiles) const
{
    QSettings settings;
    // Rewritten whole: a shorter array must not leave old entries behind.
    settings.remove(profilesArray);
    settings.beginWriteArray(profilesArray, int(profiles.size()));
    for (int i = 0; i < profiles.size(); ++i) {
        settings.setArrayIndex(i);
        writeProfile(settings, profiles[i]);
    }
    settings.endArray();
}

QString ConnectionProfileStore::lastUsedId() const
{
    return QSettings().value(lastUsedKey).toString();
}

void ConnectionProfileStore::setLastUsedId(const QString& id)
{
    QSettings().setValue(lastUsedKey, id);
}

std::optional<ConnectionProfile> ConnectionProfileStore::lastUsedProfile() const
{
    const QString id = lastUsedId();
    if (id.isEmpty() || id == ConnectionProfile::sandboxId())
        return std::nullopt;
    return profile(id);
}

} // namespace lockscope::ui
