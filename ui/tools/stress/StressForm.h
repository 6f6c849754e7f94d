#pragma once

#include "redis/ConnectionOptions.h"
#include "stress/StressParameters.h"

#include <QGroupBox>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace lockscope::ui {

// The stress panel's "Run" form: where the run goes, the lock kind (with what it is) and the
// run's size, turned into StressParameters. Fields that the chosen kind ignores are disabled.
class StressForm : public QGroupBox
{
    Q_OBJECT

public:
    explicit StressForm(QWidget* parent = nullptr);

    // The "Server:" line: where runs go, or why they cannot.
    void setTarget(const QString& text);
    void setRunSize(int clients, int seconds);
    // A running run's settings cannot change.
    void setRunning(bool running);

    int clients() const;
    int durationSeconds() const;
    // The run the form describes against `connection`; nullopt and `error` when it is not one.
    std::optional<StressParameters> parameters(const ConnectionOptions& connection, QString& error) const;

Q_SIGNALS:
    void clientsChanged(int clients);

private:
    LockAlgorithm selectedKind() const;
    void updateKindHint();
    void updateFields();

    bool m_running = false;
    QLabel* m_target = nullptr;
    QComboBox* m_kind = nullptr;
    QLabel* m_kindHint = nullptr;
    QSpinBox* m_clients = nullptr;
    QSpinBox* m_locks = nullptr;
    QSpinBox* m_hold = nullptr;
    QSpinBox* m_think = nullptr;
    QSpinBox* m_lease = nullptr;
    QSpinBox* m_duration = nullptr;
    QSpinBox* m_permits = nullptr;
    QCheckBox* m_watchdog = nullptr;
    QCheckBox* m_fenced = nullptr;
    QLineEdit* m_nodes = nullptr;
    // Fault drills: a holder killed, paused past its lease, or partitioned from Redis (the
    // restart and failover drills need a server the run owns: the CLI's --sandbox).
    QCheckBox* m_killDrill = nullptr;
    QCheckBox* m_pauseDrill = nullptr;
    QCheckBox* m_partitionDrill = nullptr;
    QCheckBox* m_restartDrill = nullptr; // these two run on servers of the run's own
    QCheckBox* m_failoverDrill = nullptr;
    QSpinBox* m_drillEvery = nullptr;
};

} // namespace lockscope::ui
