#pragma once

#include "profiles/ConnectionProfile.h"

#include <QDialog>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QStackedWidget;

namespace lockscope::ui {

class ConnectionProfileForm;
class ConnectionTester;
class ProfileConnector;

// File › Connections…: the saved connection profiles beside the editor of the selected one,
// with the built-in sandbox as first entry. Add, duplicate, remove, test (on a worker thread)
// and connect. Edits are saved when another profile is selected, when testing or connecting,
// and when the dialog closes; a password goes to the PasswordVault, never to the settings.
class ConnectionManagerDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectionManagerDialog(ProfileConnector& connector, QWidget* parent = nullptr);
    ~ConnectionManagerDialog() override;

    QListWidget* list() const { return m_list; }
    ConnectionProfileForm* form() const { return m_form; }
    QPushButton* connectButton() const { return m_connect; }
    QPushButton* testButton() const { return m_test; }
    QLabel* testResult() const { return m_testResult; }
    // The id of the selected entry (ConnectionProfile::sandboxId() for the sandbox).
    QString selectedId() const;
    bool selectProfile(const QString& id);

public Q_SLOTS:
    void addProfile();
    void duplicateProfile();
    void removeProfile();
    void testConnection();
    void connectSelected();

protected:
    void done(int result) override;

private:
    QWidget* createSandboxPage();
    QListWidgetItem* addItem(const ConnectionProfile& profile);
    void updateItem(QListWidgetItem* item, const ConnectionProfile& profile);
    void reload(const QString& selectId);
    void showSelected();
    // Saves the form into the store (and its password into the vault); returns the profile.
    ConnectionProfile commit();
    void showTestResult(bool ok, const QString& message);
    void updatePasswordNote();
    void updateButtons();

    ProfileConnector& m_connector;
    QListWidget* m_list;
    QStackedWidget* m_pages;
    ConnectionProfileForm* m_form;
    QLabel* m_testResult;
    QPushButton* m_add;
    QPushButton* m_duplicate;
    QPushButton* m_remove;
    QPushButton* m_test;
    QPushButton* m_connect;
    ConnectionTester* m_tester;
    QString m_shownId; // the profile in the form
};

} // namespace lockscope::ui
