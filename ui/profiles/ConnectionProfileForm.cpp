#include "profiles/ConnectionProfileForm.h"

#include "base/CoreTexts.h"
#include "redis/RedisUrl.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

// A password written into the URL (redis://user:secret@host): moved out of the URL.
std::optional<QString> passwordInUrl(const QString& url)
{
    auto options = parseRedisUrl(url.trimmed().toStdString());
    if (!options || !options->hasPassword)
        return std::nullopt;
    return QString::fromStdString(options->password);
}

} // namespace

ConnectionProfileForm::ConnectionProfileForm(QWidget* parent)
    : QWidget(parent)
    , m_name(new QLineEdit(this))
    , m_url(new QLineEdit(this))
    , m_urlProblem(new QLabel(this))
    , m_database(new QSpinBox(this))
    , m_user(new QLineEdit(this))
    , m_hasPassword(new QCheckBox(tr("Required"), this))
    , m_password(new QLineEdit(this))
    , m_passwordNote(new QLabel(this))
    , m_caFile(new QLineEdit(this))
    , m_certFile(new QLineEdit(this))
    , m_keyFile(new QLineEdit(this))
    , m_serverName(new QLineEdit(this))
    , m_verify(new QCheckBox(tr("Verify the server's certificate"), this))
    , m_patterns(new QPlainTextEdit(this))
    , m_poll(new QSpinBox(this))
    , m_readOnly(new QCheckBox(tr("Read-only (no admin actions)"), this))
    , m_production(new QCheckBox(tr("Production (type the lock's name to confirm admin actions)"), this))
    , m_recordHistory(new QCheckBox(tr("Record the lock history of this connection"), this))
    , m_historyDatabase(new QLineEdit(this))
    , m_alertHeld(new QSpinBox(this))
    , m_alertWaiters(new QSpinBox(this))
    , m_alertStuck(new QCheckBox(tr("Alert when a lock looks stuck"), this))
    , m_alertForceRelease(new QCheckBox(tr("Alert when a lock is force-released"), this))
{
    setObjectName(QStringLiteral("connectionProfileForm"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(createServerGroup());
    layout->addWidget(createTlsGroup());
    layout->addWidget(createMonitorGroup());
    layout->addWidget(createHistoryGroup());
    layout->addStretch(1);

    for (QLineEdit* edit :
        {m_name, m_url, m_user, m_password, m_caFile, m_certFile, m_keyFile, m_serverName, m_historyDatabase})
        connect(edit, &QLineEdit::textEdited, this, &ConnectionProfileForm::edited);
    for (QCheckBox* box : {m_hasPassword, m_verify, m_readOnly, m_production, m_recordHistory, m_alertStuck,
             m_alertForceRelease})
        connect(box, &QCheckBox::toggled, this, &ConnectionProfileForm::edited);
    for (QSpinBox* spin : {m_alertHeld, m_alertWaiters})
        connect(spin, &QSpinBox::valueChanged, this, &ConnectionProfileForm::edited);
    connect(m_database, &QSpinBox::valueChanged, this, &ConnectionProfileForm::edited);
    connect(m_poll, &QSpinBox::valueChanged, this, &ConnectionProfileForm::edited);
    connect(m_patterns, &QPlainTextEdit::textChanged, this, &ConnectionProfileForm::edited);
    connect(this, &ConnectionProfileForm::edited, this, &ConnectionProfileForm::updateEnabled);
    updateEnabled();
}

QGroupBox* ConnectionProfileForm::createServerGroup()
{
    auto* group = new QGroupBox(tr("Server"), this);
    auto* form = new QFormLayout(group);
    m_name->setObjectName(QStringLiteral("profileName"));
    m_name->setPlaceholderText(tr("e.g. Orders (staging)"));
    form->addRow(tr("&Name:"), m_name);

    m_url->setObjectName(QStringLiteral("profileUrl"));
    m_url->setPlaceholderText(QStringLiteral("redis://host:6379/0"));
    m_url->setToolTip(tr("<p>redis://[user@]host[:port][/db] — a standalone server, or any node of a cluster "
                         "(the other masters are found by themselves)<br>"
                         "rediss://… — the same over TLS<br>"
                         "unix:///path/to/redis.sock[?db=N]<br>"
                         "redis+sentinel://host:port[,host:port…]/master[/db] — the master a sentinel "
                         "names</p>"));
    m_urlProblem->setObjectName(QStringLiteral("profileUrlProblem"));
    m_urlProblem->setWordWrap(true);
    m_urlProblem->setStyleSheet(QStringLiteral("color: #d93025;"));
    m_urlProblem->setVisible(false);
    auto* urlColumn = new QVBoxLayout;
    urlColumn->setSpacing(2);
    urlColumn->addWidget(m_url);
    urlColumn->addWidget(m_urlProblem); // takes no room while the URL is fine
    auto* urlLabel = new QLabel(tr("&URL:"), group);
    urlLabel->setBuddy(m_url);
    form->addRow(urlLabel, urlColumn);

    m_database->setObjectName(QStringLiteral("profileDatabase"));
    m_database->setRange(-1, 65535);
    m_database->setSpecialValueText(tr("As in the URL"));
    form->addRow(tr("&Database:"), m_database);

    m_user->setObjectName(QStringLiteral("profileUser"));
    m_user->setPlaceholderText(tr("As in the URL, or none (default user)"));
    form->addRow(tr("U&ser:"), m_user);

    auto* passwordRow = new QHBoxLayout;
    m_hasPassword->setObjectName(QStringLiteral("profileHasPassword"));
    m_password->setObjectName(QStringLiteral("profilePassword"));
    m_password->setEchoMode(QLineEdit::Password);
    passwordRow->addWidget(m_hasPassword);
    passwordRow->addWidget(m_password, 1);
    m_passwordNote->setObjectName(QStringLiteral("profilePasswordNote"));
    m_passwordNote->setWordWrap(true);
    m_passwordNote->setForegroundRole(QPalette::PlaceholderText);
    auto* passwordColumn = new QVBoxLayout;
    passwordColumn->setSpacing(2);
    passwordColumn->addLayout(passwordRow);
    passwordColumn->addWidget(m_passwordNote);
    auto* passwordLabel = new QLabel(tr("&Password:"), group);
    passwordLabel->setBuddy(m_hasPassword);
    form->addRow(passwordLabel, passwordColumn);
    return group;
}

QWidget* ConnectionProfileForm::fileField(QLineEdit* edit, const QString& caption)
{
    auto* field = new QWidget(this);
    auto* row = new QHBoxLayout(field);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(edit, 1);
    auto* browse = new QToolButton(field);
    browse->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    browse->setToolTip(tr("Choose a file"));
    row->addWidget(browse);
    connect(browse, &QToolButton::clicked, this, [this, edit, caption] {
        const QString file = QFileDialog::getOpenFileName(this, caption, edit->text());
        if (file.isEmpty())
            return;
        edit->setText(file);
        Q_EMIT edited();
    });
    return field;
}

QGroupBox* ConnectionProfileForm::createTlsGroup()
{
    m_tls = new QGroupBox(tr("TLS (rediss:// URLs)"), this);
    auto* form = new QFormLayout(m_tls);
    m_caFile->setObjectName(QStringLiteral("profileCaFile"));
    m_caFile->setPlaceholderText(tr("The system's trusted certificates"));
    form->addRow(tr("CA certificates:"), fileField(m_caFile, tr("CA Certificates")));
    m_certFile->setObjectName(QStringLiteral("profileCertFile"));
    m_certFile->setPlaceholderText(tr("None"));
    form->addRow(tr("Client certificate:"), fileField(m_certFile, tr("Client Certificate")));
    m_keyFile->setObjectName(QStringLiteral("profileKeyFile"));
    m_keyFile->setPlaceholderText(tr("None"));
    form->addRow(tr("Client key:"), fileField(m_keyFile, tr("Client Key")));
    m_serverName->setObjectName(QStringLiteral("profileServerName"));
    m_serverName->setPlaceholderText(tr("The host in the URL"));
    form->addRow(tr("Server name:"), m_serverName);
    m_verify->setObjectName(QStringLiteral("profileVerify"));
    m_verify->setToolTip(tr("Turn off only for test servers: anyone on the way could pose as the server."));
    form->addRow(QString(), m_verify);
    return m_tls;
}

QGroupBox* ConnectionProfileForm::createMonitorGroup()
{
    auto* group = new QGroupBox(tr("Monitoring and safety"), this);
    auto* form = new QFormLayout(group);
    m_patterns->setObjectName(QStringLiteral("profilePatterns"));
    m_patterns->setPlaceholderText(
        tr("One glob per line, e.g. locks:*\nEmpty: every key, recognised by format"));
    m_patterns->setToolTip(
        tr("Only keys matching these patterns are listed, and they count as locks even in a "
           "format LockScope does not know."));
    m_patterns->setTabChangesFocus(true);
    m_patterns->setFixedHeight(m_patterns->fontMetrics().lineSpacing() * 4 + 12);
    form->addRow(tr("Lock &keys:"), m_patterns);
    m_poll->setObjectName(QStringLiteral("profilePoll"));
    m_poll->setRange(1, 3600);
    m_poll->setSuffix(tr(" s"));
    m_poll->setToolTip(tr("How often the locks are listed again on servers without keyspace notifications."));
    form->addRow(tr("Poll &every:"), m_poll);
    m_readOnly->setObjectName(QStringLiteral("profileReadOnly"));
    form->addRow(QString(), m_readOnly);
    m_production->setObjectName(QStringLiteral("profileProduction"));
    form->addRow(QString(), m_production);
    return group;
}

QGroupBox* ConnectionProfileForm::createHistoryGroup()
{
    auto* group = new QGroupBox(tr("History and alerts"), this);
    auto* form = new QFormLayout(group);
    m_recordHistory->setObjectName(QStringLiteral("profileRecordHistory"));
    m_recordHistory->setToolTip(tr("Every lock change goes into a database of this profile's own, for the "
                                   "timeline and the statistics. Alerts work without it."));
    form->addRow(QString(), m_recordHistory);
    m_historyDatabase->setObjectName(QStringLiteral("profileHistoryDatabase"));
    m_historyDatabase->setPlaceholderText(tr("This profile's own file"));
    m_historyDatabase->setToolTip(tr("Empty: a file of this profile's own. A file path, or a team's shared "
                                     "database as postgresql://user@host/dbname (its password from "
                                     "PGPASSWORD or ~/.pgpass): the Lock History window and the statistics "
                                     "read it."));
    form->addRow(tr("History &database:"), m_historyDatabase);
    m_alertHeld->setObjectName(QStringLiteral("profileAlertHeld"));
    m_alertHeld->setRange(0, 7 * 86400);
    m_alertHeld->setSuffix(tr(" s"));
    m_alertHeld->setSpecialValueText(tr("off"));
    form->addRow(tr("Alert when &held longer than:"), m_alertHeld);
    m_alertWaiters->setObjectName(QStringLiteral("profileAlertWaiters"));
    m_alertWaiters->setRange(0, 1000000);
    m_alertWaiters->setSpecialValueText(tr("off"));
    form->addRow(tr("Alert when more &waiters than:"), m_alertWaiters);
    m_alertStuck->setObjectName(QStringLiteral("profileAlertStuck"));
    form->addRow(QString(), m_alertStuck);
    m_alertForceRelease->setObjectName(QStringLiteral("profileAlertForceRelease"));
    form->addRow(QString(), m_alertForceRelease);
    return group;
}

void ConnectionProfileForm::setProfile(const ConnectionProfile& profile)
{
    const QSignalBlocker blockPatterns(m_patterns);
    const QSignalBlocker blockDatabase(m_database);
    const QSignalBlocker blockPoll(m_poll);
    const QSignalBlocker blockBoxes[] {QSignalBlocker(m_hasPassword), QSignalBlocker(m_verify),
        QSignalBlocker(m_readOnly), QSignalBlocker(m_production), QSignalBlocker(m_recordHistory),
        QSignalBlocker(m_alertStuck), QSignalBlocker(m_alertForceRelease), QSignalBlocker(m_alertHeld),
        QSignalBlocker(m_alertWaiters)};
    m_id = profile.id;
    m_name->setText(profile.name);
    m_url->setText(profile.url);
    m_database->setValue(profile.database);
    m_user->setText(profile.user);
    m_hasPassword->setChecked(profile.hasPassword);
    m_password->clear();
    m_caFile->setText(profile.tlsCaFile);
    m_certFile->setText(profile.tlsCertFile);
    m_keyFile->setText(profile.tlsKeyFile);
    m_serverName->setText(profile.tlsServerName);
    m_verify->setChecked(profile.tlsVerify);
    m_patterns->setPlainText(profile.lockPatterns.join(QLatin1Char('\n')));
    m_poll->setValue(profile.pollIntervalSeconds);
    m_readOnly->setChecked(profile.readOnly);
    m_production->setChecked(profile.production);
    m_recordHistory->setChecked(profile.recordHistory);
    m_historyDatabase->setText(profile.historyDatabase);
    m_alertHeld->setValue(profile.alertHeldSeconds);
    m_alertWaiters->setValue(profile.alertWaiters);
    m_alertStuck->setChecked(profile.alertStuck);
    m_alertForceRelease->setChecked(profile.alertForceRelease);
    updateEnabled();
}

ConnectionProfile ConnectionProfileForm::profile() const
{
    ConnectionProfile profile;
    profile.id = m_id;
    profile.name = m_name->text().trimmed();
    profile.url = ConnectionProfile::urlWithoutPassword(m_url->text().trimmed());
    profile.database = m_database->value();
    profile.user = m_user->text().trimmed();
    profile.hasPassword = m_hasPassword->isChecked() || passwordInUrl(m_url->text());
    profile.tlsCaFile = m_caFile->text().trimmed();
    profile.tlsCertFile = m_certFile->text().trimmed();
    profile.tlsKeyFile = m_keyFile->text().trimmed();
    profile.tlsServerName = m_serverName->text().trimmed();
    profile.tlsVerify = m_verify->isChecked();
    for (const QString& line : m_patterns->toPlainText().split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty())
            profile.lockPatterns.append(line.trimmed());
    }
    profile.pollIntervalSeconds = m_poll->value();
    profile.readOnly = m_readOnly->isChecked();
    profile.production = m_production->isChecked();
    profile.recordHistory = m_recordHistory->isChecked();
    profile.historyDatabase = m_historyDatabase->text().trimmed();
    profile.alertHeldSeconds = m_alertHeld->value();
    profile.alertWaiters = m_alertWaiters->value();
    profile.alertStuck = m_alertStuck->isChecked();
    profile.alertForceRelease = m_alertForceRelease->isChecked();
    return profile;
}

std::optional<QString> ConnectionProfileForm::enteredPassword() const
{
    if (m_hasPassword->isChecked() && !m_password->text().isEmpty())
        return m_password->text();
    return passwordInUrl(m_url->text());
}

void ConnectionProfileForm::setPasswordNote(const QString& note)
{
    m_passwordNote->setText(note);
    m_passwordNote->setVisible(!note.isEmpty());
}

void ConnectionProfileForm::updateEnabled()
{
    m_password->setEnabled(m_hasPassword->isChecked());
    m_password->setPlaceholderText(m_hasPassword->isChecked() ? tr("Unchanged (type to replace)")
                                                              : tr("None: the server asks for no password"));
    // TLS settings mean something only for rediss:// (keep them visible, so that a profile's
    // values are never hidden).
    m_tls->setEnabled(m_url->text().trimmed().startsWith(QLatin1String("rediss://"), Qt::CaseInsensitive));
    QString problem;
    if (!m_url->text().trimmed().isEmpty())
        problem = CoreTexts::translated(redisUrlProblem(m_url->text().trimmed().toStdString()));
    m_urlProblem->setText(problem);
    m_urlProblem->setVisible(!problem.isEmpty());
}

} // namespace lockscope::ui
