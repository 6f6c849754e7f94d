#include "profiles/ProfileConnector.h"

#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "profiles/PasswordVault.h"
#include "redis/RedisUrl.h"

#include <QInputDialog>
#include <QLineEdit>

namespace lockscope::ui {

namespace {

std::optional<QString> askWithDialog(QWidget* parent, const ConnectionProfile& profile, const QString& reason)
{
    bool accepted = false;
    const QString password
        = QInputDialog::getText(parent, ProfileConnector::tr("Password for %1").arg(profile.name),
            ProfileConnector::tr("%1\n\nPassword for %2:").arg(reason, profile.displayName()),
            QLineEdit::Password, {}, &accepted);
    if (!accepted)
        return std::nullopt;
    return password;
}

} // namespace

ProfileConnector::ProfileConnector(ConnectionController& controller, QWidget* window)
    : QObject(window)
    , m_controller(controller)
    , m_window(window)
    , m_vault(new PasswordVault(this))
    , m_prompt(askWithDialog)
{
    setObjectName(QStringLiteral("profileConnector"));
    connect(&m_controller, &ConnectionController::productionMarkChanged, this,
        &ProfileConnector::saveProductionMark);
    connect(&m_controller, &ConnectionController::statusChanged, this, &ProfileConnector::handleStatus);
}

void ProfileConnector::handleStatus(const ConnectionStatus& status)
{
    const QString id = m_controller.profileId();
    if (!status.authFailed || id.isEmpty())
        return;
    // The worker keeps retrying with the refused password; connecting again asks for another.
    m_vault->forgetForSession(id);
}

ProfileConnector::~ProfileConnector() = default;

std::optional<QString> ProfileConnector::ask(const ConnectionProfile& profile, const QString& reason) const
{
    return m_prompt ? m_prompt(m_window, profile, reason) : std::nullopt;
}

void ProfileConnector::findPassword(
    const ConnectionProfile& profile, QObject* context, std::function<void(std::optional<QString>)> done)
{
    if (!profile.hasPassword) {
        done(QString());
        return;
    }
    m_vault->read(profile.id, context, [this, profile, done](std::optional<QString> password) {
        if (password) {
            done(password);
            return;
        }
        const QString reason = m_vault->keyringUsable()
            ? tr("The system keyring has no password for this connection.")
            : tr("%1 The password is kept in memory until LockScope quits, never written to disk.")
                  .arg(m_vault->keyringProblem());
        std::optional<QString> typed = ask(profile, reason);
        if (typed)
            m_vault->store(profile.id, *typed);
        done(typed);
    });
}

void ProfileConnector::connectProfile(const ConnectionProfile& profile)
{
    const quint64 request = ++m_request;
    auto options = profile.toOptions();
    if (!options) {
        Q_EMIT failed(QString::fromStdString(options.error().message));
        return;
    }
    findPassword(profile, this, [this, profile, request](std::optional<QString> password) {
        if (request != m_request)
            return; // the user chose another connection meanwhile
        if (!password) {
            Q_EMIT failed(tr("Not connected to %1: no password given.").arg(profile.name));
            return;
        }
        open(profile, *password);
    });
}

void ProfileConnector::open(const ConnectionProfile& profile, const QString& password)
{
    auto options = profile.toOptions(password);
    if (!options) {
        Q_EMIT failed(QString::fromStdString(options.error().message));
        return;
    }
    m_controller.openProfile(
        *options, profile.name, profile.id, profile.production, profile.monitorSettings());
    m_store.setLastUsedId(profile.id);
}

void ProfileConnector::connectTo(const QString& id)
{
    if (id == ConnectionProfile::sandboxId()) {
        connectSandbox();
        return;
    }
    if (auto profile = m_store.profile(id))
        connectProfile(*profile);
    else
        Q_EMIT failed(tr("There is no saved connection with the id %1.").arg(id));
}

bool ProfileConnector::connectSandbox()
{
    ++m_request;
    QString error;
    const std::optional<QString> url = m_sandboxStarter ? m_sandboxStarter(&error) : std::optional<QString>();
    if (!url) {
        Q_EMIT failed(error.isEmpty() ? tr("The sandbox is not available.")
                                      : tr("Cannot start the sandbox redis-server: %1").arg(error));
        return false;
    }
    auto options = parseRedisUrl(url->toStdString(), GuiConnectionDefaults::options());
    if (!options) {
        Q_EMIT failed(QString::fromStdString(options.error().message));
        return false;
    }
    m_controller.open(*options, tr("sandbox"));
    m_store.setLastUsedId(ConnectionProfile::sandboxId());
    return true;
}

bool ProfileConnector::connectLastUsed()
{
    const auto profile = m_store.lastUsedProfile();
    if (!profile)
        return false;
    connectProfile(*profile);
    return true;
}

void ProfileConnector::saveProductionMark(bool production)
{
    const QString id = m_controller.profileId();
    if (id.isEmpty() || !m_controller.isOpen())
        return;
    auto profile = m_store.profile(id);
    if (!profile || profile->production == production)
        return;
    profile->production = production;
    m_store.save(*profile);
}

} // namespace lockscope::ui
