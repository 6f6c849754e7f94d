#include "profiles/PasswordVault.h"

#include <QPointer>
#include <QTimer>

#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
#include <qt6keychain/keychain.h>
#endif

#include <memory>

namespace lockscope::ui {

namespace {

// The keyring entry of one profile: the application id as service, the profile id as key. The
// service keeps the id's first spelling (the desktop id is now all lower case, as AppStream asks)
// so that passwords saved before stay found.
const QString keyringService = QStringLiteral("io.github.lockscope.LockScope");

QString keyringKey(const QString& profileId)
{
    return QStringLiteral("connection/%1").arg(profileId);
}

} // namespace

PasswordVault::PasswordVault(QObject* parent)
    : QObject(parent)
{
    if (!keyringBuiltIn())
        m_keyringProblem = tr("LockScope was built without system keyring support.");
}

PasswordVault::~PasswordVault() = default;

bool PasswordVault::keyringBuiltIn()
{
#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
    return true;
#else
    return false;
#endif
}

bool PasswordVault::keyringUsable() const
{
    return m_keyringProblem.isEmpty();
}

void PasswordVault::markKeyringFailed(const QString& problem)
{
    if (!m_keyringProblem.isEmpty())
        return;
    m_keyringProblem = problem;
    Q_EMIT keyringFailed(problem);
}

void PasswordVault::read(const QString& profileId, QObject* context, ReadHandler done)
{
    const auto known = m_session.constFind(profileId);
    if (known != m_session.constEnd() || !keyringUsable()) {
        // Answered from the event loop as the keyring would be, so callers see one behaviour.
        std::optional<QString> password;
        if (known != m_session.constEnd())
            password = *known;
        QTimer::singleShot(0, context, [done = std::move(done), password] { done(password); });
        return;
    }
    readFromKeyring(profileId, context, std::move(done));
}

void PasswordVault::store(const QString& profileId, const QString& password)
{
    m_session.insert(profileId, password);
    if (keyringUsable())
        writeToKeyring(profileId, password);
}

void PasswordVault::forget(const QString& profileId)
{
    m_session.remove(profileId);
#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
    if (!keyringUsable())
        return;
    auto* job = new QKeychain::DeletePasswordJob(keyringService, this);
    job->setKey(keyringKey(profileId));
    job->setInsecureFallback(false); // never a plain-text file instead
    job->start(); // deletes itself when finished; nothing to report when the entry was absent
#endif
}

void PasswordVault::readFromKeyring(const QString& profileId, QObject* context, ReadHandler done)
{
#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
    // Whichever comes first, the job's answer or the timeout, answers; the other is ignored.
    auto answered = std::make_shared<bool>(false);
    auto answer = [answered, done, context = QPointer<QObject>(context)](const QString* password) {
        if (*answered)
            return;
        *answered = true;
        if (context)
            done(password ? std::optional<QString>(*password) : std::nullopt);
    };
    auto* job = new QKeychain::ReadPasswordJob(keyringService, this);
    job->setKey(keyringKey(profileId));
    job->setInsecureFallback(false);
    connect(job, &QKeychain::Job::finished, this, [this, answer, profileId](QKeychain::Job* finished) {
        auto* read = static_cast<QKeychain::ReadPasswordJob*>(finished);
        switch (read->error()) {
        case QKeychain::NoError: {
            const QString password = read->textData();
            m_session.insert(profileId, password);
            answer(&password);
            return;
        }
        case QKeychain::EntryNotFound:
            answer(nullptr);
            return;
        default:
            markKeyringFailed(tr("The system keyring cannot be used: %1").arg(read->errorString()));
            answer(nullptr);
            return;
        }
    });
    QTimer::singleShot(m_keyringTimeoutMs, this, [this, answered, answer] {
        if (*answered)
            return;
        markKeyringFailed(tr("The system keyring did not answer."));
        answer(nullptr);
    });
    job->start();
#else
    Q_UNUSED(profileId)
    QTimer::singleShot(0, context, [done = std::move(done)] { done(std::nullopt); });
#endif
}

void PasswordVault::writeToKeyring(const QString& profileId, const QString& password)
{
#ifdef LOCKSCOPE_HAVE_QTKEYCHAIN
    auto* job = new QKeychain::WritePasswordJob(keyringService, this);
    job->setKey(keyringKey(profileId));
    job->setInsecureFallback(false);
    job->setTextData(password);
    connect(job, &QKeychain::Job::finished, this, [this](QKeychain::Job* finished) {
        if (finished->error() != QKeychain::NoError)
            markKeyringFailed(tr("The system keyring cannot be used: %1").arg(finished->errorString()));
    });
    job->start();
#else
    Q_UNUSED(profileId)
    Q_UNUSED(password)
#endif
}

} // namespace lockscope::ui
