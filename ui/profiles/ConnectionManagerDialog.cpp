#include "profiles/ConnectionManagerDialog.h"

#include "profiles/ConnectionProfileForm.h"
#include "profiles/ConnectionTester.h"
#include "profiles/PasswordVault.h"
#include "profiles/ProfileConnector.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStyle>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

constexpr int idRole = Qt::UserRole;

QString shownName(const ConnectionProfile& profile)
{
    return profile.name.isEmpty() ? ConnectionManagerDialog::tr("Unnamed connection") : profile.name;
}

} // namespace

ConnectionManagerDialog::ConnectionManagerDialog(ProfileConnector& connector, QWidget* parent)
    : QDialog(parent)
    , m_connector(connector)
    , m_list(new QListWidget(this))
    , m_pages(new QStackedWidget(this))
    , m_form(new ConnectionProfileForm(this))
    , m_testResult(new QLabel(this))
    , m_add(new QPushButton(tr("&Add"), this))
    , m_duplicate(new QPushButton(tr("D&uplicate"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_test(new QPushButton(tr("&Test Connection"), this))
    , m_connect(new QPushButton(tr("&Connect"), this))
    , m_tester(new ConnectionTester(this))
{
    setObjectName(QStringLiteral("connectionManagerDialog"));
    setWindowTitle(tr("Connections"));

    m_list->setObjectName(QStringLiteral("connectionList"));
    m_list->setMinimumWidth(200);
    m_list->setIconSize(QSize(20, 20));
    m_list->setSpacing(1);
    auto* listColumn = new QVBoxLayout;
    listColumn->addWidget(m_list, 1);
    auto* listButtons = new QHBoxLayout;
    m_add->setObjectName(QStringLiteral("addConnectionButton"));
    m_add->setIcon(QIcon::fromTheme(QStringLiteral("list-add")));
    m_add->setToolTip(tr("Add a connection"));
    m_duplicate->setObjectName(QStringLiteral("duplicateConnectionButton"));
    m_duplicate->setToolTip(tr("Add a copy of the selected connection"));
    m_remove->setObjectName(QStringLiteral("removeConnectionButton"));
    m_remove->setIcon(QIcon::fromTheme(QStringLiteral("list-remove")));
    m_remove->setToolTip(tr("Remove the selected connection (and its saved password)"));
    listButtons->addWidget(m_add);
    listButtons->addWidget(m_duplicate);
    listButtons->addWidget(m_remove);
    listColumn->addLayout(listButtons);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_form);
    m_pages->addWidget(createSandboxPage());
    m_pages->addWidget(scroll);

    auto* testRow = new QHBoxLayout;
    m_test->setObjectName(QStringLiteral("testConnectionButton"));
    m_test->setToolTip(tr("Connect once with these settings and show what answers"));
    m_testResult->setObjectName(QStringLiteral("connectionTestResult"));
    m_testResult->setWordWrap(true);
    m_testResult->setTextFormat(Qt::PlainText);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    testRow->addWidget(m_test, 0, Qt::AlignTop);
    testRow->addWidget(m_testResult, 1);

    auto* editorColumn = new QVBoxLayout;
    editorColumn->addWidget(m_pages, 1);
    editorColumn->addLayout(testRow);

    auto* columns = new QHBoxLayout;
    columns->addLayout(listColumn, 0);
    columns->addLayout(editorColumn, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setIcon(QIcon::fromTheme(QStringLiteral("network-connect")));
    m_connect->setDefault(true);
    buttons->addButton(m_connect, QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(buttons);

    connect(m_add, &QPushButton::clicked, this, &ConnectionManagerDialog::addProfile);
    connect(m_duplicate, &QPushButton::clicked, this, &ConnectionManagerDialog::duplicateProfile);
    connect(m_remove, &QPushButton::clicked, this, &ConnectionManagerDialog::removeProfile);
    connect(m_test, &QPushButton::clicked, this, &ConnectionManagerDialog::testConnection);
    connect(m_connect, &QPushButton::clicked, this, &ConnectionManagerDialog::connectSelected);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &ConnectionManagerDialog::connectSelected);
    connect(m_list, &QListWidget::currentItemChanged, this, &ConnectionManagerDialog::showSelected);
    connect(m_tester, &ConnectionTester::finished, this, &ConnectionManagerDialog::showTestResult);
    connect(&m_connector.vault(), &PasswordVault::keyringFailed, this,
        &ConnectionManagerDialog::updatePasswordNote);
    connect(m_form, &ConnectionProfileForm::edited, this, [this] {
        if (QListWidgetItem* item = m_list->currentItem(); item && item->data(idRole).toString() == m_shownId)
            updateItem(item, m_form->profile());
        updateButtons();
    });

    const QString lastUsed = m_connector.store().lastUsedId();
    reload(lastUsed.isEmpty() ? ConnectionProfile::sandboxId() : lastUsed);
    resize(900, 760);
}

ConnectionManagerDialog::~ConnectionManagerDialog() = default;

QWidget* ConnectionManagerDialog::createSandboxPage()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    auto* title = new QLabel(tr("Sandbox (built-in)"), page);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    title->setFont(titleFont);
    auto* body
        = new QLabel(tr("A private redis-server that LockScope starts on this computer (127.0.0.1 only) and "
                        "stops when it quits. Nothing in it is kept: a safe place to try admin actions "
                        "and the sample locks."),
            page);
    body->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(body);
    layout->addStretch(1);
    return page;
}

QString ConnectionManagerDialog::selectedId() const
{
    const QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(idRole).toString() : QString();
}

bool ConnectionManagerDialog::selectProfile(const QString& id)
{
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(idRole).toString() == id) {
            m_list->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

QListWidgetItem* ConnectionManagerDialog::addItem(const ConnectionProfile& profile)
{
    auto* item = new QListWidgetItem(shownName(profile), m_list);
    item->setData(idRole, profile.id);
    updateItem(item, profile);
    return item;
}

void ConnectionManagerDialog::updateItem(QListWidgetItem* item, const ConnectionProfile& profile)
{
    item->setText(shownName(profile));
    // Production connections stand out, as they do when an admin action asks for the lock's name.
    item->setIcon(profile.production ? QIcon::fromTheme(
                      QStringLiteral("dialog-warning"), style()->standardIcon(QStyle::SP_MessageBoxWarning))
                                     : QIcon::fromTheme(QStringLiteral("network-server"),
                                         style()->standardIcon(QStyle::SP_DriveNetIcon)));
    QStringList tip {profile.url};
    if (profile.production)
        tip.append(tr("Production: admin actions ask for the lock's name"));
    if (profile.readOnly)
        tip.append(tr("Read-only: no admin actions"));
    item->setToolTip(tip.join(QLatin1Char('\n')));
}

void ConnectionManagerDialog::reload(const QString& selectId)
{
    const QSignalBlocker block(m_list);
    m_list->clear();
    auto* sandbox = new QListWidgetItem(tr("Sandbox (built-in)"), m_list);
    sandbox->setData(idRole, ConnectionProfile::sandboxId());
    sandbox->setIcon(
        QIcon::fromTheme(QStringLiteral("computer"), style()->standardIcon(QStyle::SP_ComputerIcon)));
    sandbox->setToolTip(tr("A private redis-server started by LockScope"));
    for (const ConnectionProfile& profile : m_connector.store().profiles())
        addItem(profile);
    m_shownId.clear();
    if (!selectProfile(selectId))
        m_list->setCurrentRow(0);
    showSelected();
}

void ConnectionManagerDialog::showSelected()
{
    // The profile leaving the form is saved first.
    commit();
    const QString id = selectedId();
    m_tester->discard(); // a result still coming belongs to the profile left
    m_testResult->clear();
    if (id.isEmpty() || id == ConnectionProfile::sandboxId()) {
        m_shownId = id;
        m_pages->setCurrentIndex(0);
        updateButtons();
        return;
    }
    const auto profile = m_connector.store().profile(id);
    m_shownId = profile ? id : QString();
    m_form->setProfile(profile.value_or(ConnectionProfile {}));
    updatePasswordNote();
    m_pages->setCurrentIndex(1);
    updateButtons();
}

void ConnectionManagerDialog::updatePasswordNote()
{
    const PasswordVault& vault = m_connector.vault();
    m_form->setPasswordNote(vault.keyringUsable()
            ? tr("Saved in the system keyring, never in LockScope's settings. Without a keyring it is asked "
                 "for when connecting and kept in memory only.")
            : tr("No system keyring (%1): the password is asked for when connecting and kept in memory "
                 "until LockScope quits.")
                  .arg(vault.keyringProblem()));
}

ConnectionProfile ConnectionManagerDialog::commit()
{
    if (m_shownId.isEmpty() || m_shownId == ConnectionProfile::sandboxId())
        return {};
    const auto before = m_connector.store().profile(m_shownId);
    if (!before)
        return {};
    ConnectionProfile profile = m_form->profile();
    profile.id = m_shownId;
    if (profile != *before)
        profile = m_connector.store().save(profile);
    if (const auto password = m_form->enteredPassword()) {
        m_connector.vault().store(profile.id, *password);
        // The form shows what was saved: no password in the URL field, none in the password field.
        m_form->setProfile(profile);
    } else if (!profile.hasPassword && before->hasPassword) {
        m_connector.vault().forget(profile.id);
    }
    return profile;
}

void ConnectionManagerDialog::addProfile()
{
    commit();
    ConnectionProfile profile;
    profile.name = tr("New connection");
    profile.url = QStringLiteral("redis://127.0.0.1:6379");
    profile = m_connector.store().save(profile);
    reload(profile.id);
    m_form->nameEdit()->setFocus();
    m_form->nameEdit()->selectAll();
}

void ConnectionManagerDialog::duplicateProfile()
{
    const ConnectionProfile original = commit();
    if (original.id.isEmpty())
        return;
    ConnectionProfile copy = original;
    copy.id.clear();
    copy.name = tr("%1 (copy)").arg(shownName(original));
    copy = m_connector.store().save(copy);
    if (copy.hasPassword) {
        // The copy gets the password too, when this session knows it (no prompt for it here).
        PasswordVault* vault = &m_connector.vault();
        vault->read(original.id, this, [vault, id = copy.id](std::optional<QString> password) {
            if (password)
                vault->store(id, *password);
        });
    }
    reload(copy.id);
}

void ConnectionManagerDialog::removeProfile()
{
    const QString id = m_shownId;
    if (id.isEmpty() || id == ConnectionProfile::sandboxId())
        return;
    const ConnectionProfile profile = m_form->profile();
    if (QMessageBox::question(this, tr("Remove Connection"),
            tr("Remove the connection “%1” and its saved password?").arg(shownName(profile)))
        != QMessageBox::Yes)
        return;
    m_shownId.clear(); // not saved again
    m_connector.store().remove(id);
    if (profile.hasPassword)
        m_connector.vault().forget(id);
    reload(ConnectionProfile::sandboxId());
}

void ConnectionManagerDialog::testConnection()
{
    const ConnectionProfile profile = commit();
    if (profile.id.isEmpty())
        return;
    auto problem = profile.toOptions();
    if (!problem) {
        showTestResult(false, QString::fromStdString(problem.error().message));
        return;
    }
    m_test->setEnabled(false);
    m_testResult->setStyleSheet({});
    m_testResult->setText(tr("Connecting to %1…").arg(profile.url));
    m_connector.findPassword(profile, this, [this, profile](std::optional<QString> password) {
        if (!password) {
            showTestResult(false, tr("No password given."));
            return;
        }
        auto options = profile.toOptions(*password);
        if (!options) {
            showTestResult(false, QString::fromStdString(options.error().message));
            return;
        }
        m_tester->test(*options);
    });
}

void ConnectionManagerDialog::showTestResult(bool ok, const QString& message)
{
    m_test->setEnabled(true);
    m_testResult->setText(ok ? tr("✔ Connected: %1").arg(message) : tr("✘ %1").arg(message));
    m_testResult->setStyleSheet(ok ? QStringLiteral("color: #2e7d32;") : QStringLiteral("color: #d93025;"));
    updateButtons();
}

void ConnectionManagerDialog::connectSelected()
{
    commit();
    const QString id = selectedId();
    if (id.isEmpty())
        return;
    m_connector.connectTo(id);
    accept();
}

void ConnectionManagerDialog::done(int result)
{
    commit();
    QDialog::done(result);
}

void ConnectionManagerDialog::updateButtons()
{
    const bool sandbox = m_shownId == ConnectionProfile::sandboxId();
    const bool profile = !m_shownId.isEmpty() && !sandbox;
    m_duplicate->setEnabled(profile);
    m_remove->setEnabled(profile);
    m_test->setEnabled(profile && !m_tester->isTesting());
    m_test->setVisible(!sandbox);
    m_connect->setEnabled(profile || (sandbox && m_connector.sandboxAvailable()));
    if (sandbox && !m_connector.sandboxAvailable())
        m_connect->setToolTip(tr("This LockScope was started without a sandbox."));
    else
        m_connect->setToolTip({});
}

} // namespace lockscope::ui
