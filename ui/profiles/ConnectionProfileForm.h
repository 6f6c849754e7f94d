#pragma once

#include "profiles/ConnectionProfile.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace lockscope::ui {

// The editor of one connection profile: server, authentication, TLS, and how LockScope treats
// the server. It edits a copy; profile() returns what the fields say. A password typed here
// (or into the URL) is handed out by enteredPassword(), never kept in the profile.
class ConnectionProfileForm : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionProfileForm(QWidget* parent = nullptr);

    void setProfile(const ConnectionProfile& profile);
    ConnectionProfile profile() const;
    // The password typed in this editing session (empty field: unchanged), if any.
    std::optional<QString> enteredPassword() const;
    // Says where a saved password lives, next to the password field.
    void setPasswordNote(const QString& note);

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* urlEdit() const { return m_url; }
    QLineEdit* passwordEdit() const { return m_password; }
    QCheckBox* passwordRequired() const { return m_hasPassword; }
    QPlainTextEdit* patternsEdit() const { return m_patterns; }
    QSpinBox* pollSpin() const { return m_poll; }
    QCheckBox* readOnlyCheck() const { return m_readOnly; }
    QCheckBox* productionCheck() const { return m_production; }
    QCheckBox* recordHistoryCheck() const { return m_recordHistory; }
    QSpinBox* alertHeldSpin() const { return m_alertHeld; }
    QSpinBox* alertWaitersSpin() const { return m_alertWaiters; }

Q_SIGNALS:
    void edited();

private:
    QGroupBox* createServerGroup();
    QGroupBox* createTlsGroup();
    QGroupBox* createMonitorGroup();
    QGroupBox* createHistoryGroup();
    QWidget* fileField(QLineEdit* edit, const QString& caption);
    void updateEnabled();

    QString m_id;
    QLineEdit* m_name;
    QLineEdit* m_url;
    QLabel* m_urlProblem;
    QSpinBox* m_database;
    QLineEdit* m_user;
    QCheckBox* m_hasPassword;
    QLineEdit* m_password;
    QLabel* m_passwordNote;
    QGroupBox* m_tls = nullptr;
    QLineEdit* m_caFile;
    QLineEdit* m_certFile;
    QLineEdit* m_keyFile;
    QLineEdit* m_serverName;
    QCheckBox* m_verify;
    QPlainTextEdit* m_patterns;
    QSpinBox* m_poll;
    QCheckBox* m_readOnly;
    QCheckBox* m_production;
    QCheckBox* m_recordHistory;
    QLineEdit* m_historyDatabase;
    QSpinBox* m_alertHeld;
    QSpinBox* m_alertWaiters;
    QCheckBox* m_alertStuck;
    QCheckBox* m_alertForceRelease;
};

} // namespace lockscope::ui
