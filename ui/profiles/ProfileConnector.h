#pragma once

#include "connection/ConnectionStatus.h"
#include "profiles/ConnectionProfile.h"
#include "profiles/ConnectionProfileStore.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QWidget;

namespace lockscope::ui {

class ConnectionController;
class PasswordVault;

// Connects the ConnectionController to saved profiles and to the sandbox: finds a profile's
// password (this session's memory, the system keyring, else the user is asked), opens the
// connection with the profile's settings, remembers it as the last used, and saves a change of
// its production mark. The built-in sandbox is started on demand by whoever owns it (see
// setSandboxStarter).
class ProfileConnector : public QObject
{
    Q_OBJECT

public:
    // Asks the user for a profile's password; nothing when cancelled. `reason` says why
    // LockScope asks (e.g. no keyring). Replaceable so that tests can answer.
    using PasswordPrompt = std::function<std::optional<QString>(
        QWidget* parent, const ConnectionProfile& profile, const QString& reason)>;
    // Starts the sandbox if it is not running, and returns its URL, or nothing with `error` set.
    using SandboxStarter = std::function<std::optional<QString>(QString* error)>;

    ProfileConnector(ConnectionController& controller, QWidget* window);
    ~ProfileConnector() override;

    ConnectionProfileStore& store() { return m_store; }
    PasswordVault& vault() const { return *m_vault; }

    void setPasswordPrompt(PasswordPrompt prompt) { m_prompt = std::move(prompt); }
    PasswordPrompt passwordPrompt() const { return m_prompt; }
    void setSandboxStarter(SandboxStarter starter) { m_sandboxStarter = std::move(starter); }
    SandboxStarter sandboxStarter() const { return m_sandboxStarter; }
    bool sandboxAvailable() const { return bool(m_sandboxStarter); }

    // Opens `profile`, after finding its password (asynchronously when the keyring is asked).
    // Problems (an invalid profile, a cancelled prompt) are reported by `failed`.
    void connectProfile(const ConnectionProfile& profile);
    // Opens the saved profile `id`, or the sandbox for ConnectionProfile::sandboxId().
    void connectTo(const QString& id);
    // Returns false (with `failed`) when the sandbox cannot be started.
    bool connectSandbox();
    // At start without a URL: opens the last used saved profile. False when there is none (then
    // the caller starts the sandbox).
    bool connectLastUsed();

    // Finds the password of `profile` as connecting would, without connecting: `done` gets it,
    // or nothing when the user cancelled. Not called once `context` is gone.
    void findPassword(const ConnectionProfile& profile, QObject* context,
        std::function<void(std::optional<QString> password)> done);

Q_SIGNALS:
    void failed(const QString& message);

private:
    void open(const ConnectionProfile& profile, const QString& password);
    void saveProductionMark(bool production);
    void handleStatus(const ConnectionStatus& status);
    std::optional<QString> ask(const ConnectionProfile& profile, const QString& reason) const;

    ConnectionController& m_controller;
    QPointer<QWidget> m_window;
    ConnectionProfileStore m_store;
    PasswordVault* m_vault;
    PasswordPrompt m_prompt;
    SandboxStarter m_sandboxStarter;
    quint64 m_request = 0; // the latest connect request; older password answers are dropped
};

} // namespace lockscope::ui
