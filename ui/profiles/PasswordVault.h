#pragma once

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace lockscope::ui {

// Where connection passwords live: the system keyring (through QtKeychain, when LockScope was
// built with it and a keyring service answers), and this session's memory. Never a file.
// Keyring jobs are asynchronous, so nothing here blocks the GUI thread: answers come back
// through callbacks on the caller's thread. Once the keyring failed or did not answer, it is
// not asked again in this session; passwords are then asked for and kept in memory only.
class PasswordVault : public QObject
{
    Q_OBJECT

public:
    explicit PasswordVault(QObject* parent = nullptr);
    ~PasswordVault() override;

    // Whether this build can talk to a system keyring at all.
    static bool keyringBuiltIn();
    // Built in, and not failed in this session.
    bool keyringUsable() const;
    QString keyringProblem() const { return m_keyringProblem; }

    // The password of `profileId`: from memory, else from the keyring. `done` gets nothing when
    // neither has it (then ask the user); it is not called once `context` is gone.
    using ReadHandler = std::function<void(std::optional<QString> password)>;
    void read(const QString& profileId, QObject* context, ReadHandler done);
    // Keeps the password in memory for this session and writes it to the keyring when usable.
    void store(const QString& profileId, const QString& password);
    // Forgets what this session knows (e.g. a typed password the server refused), so that the
    // next read asks the keyring, or the user, again.
    void forgetForSession(const QString& profileId) { m_session.remove(profileId); }
    // Forgets it here and in the keyring (the profile was removed, or needs no password).
    void forget(const QString& profileId);

Q_SIGNALS:
    // The keyring refused, failed or did not answer: passwords are asked for from now on.
    void keyringFailed(const QString& problem);

private:
    void markKeyringFailed(const QString& problem);
    void readFromKeyring(const QString& profileId, QObject* context, ReadHandler done);
    void writeToKeyring(const QString& profileId, const QString& password);

    QHash<QString, QString> m_session;
    QString m_keyringProblem; // empty while the keyring is usable
    int m_keyringTimeoutMs = 20000; // how long a keyring job may take before it counts as not answering
};

} // namespace lockscope::ui
