#include "tools/stress/StressForm.h"

#include "base/CoreTexts.h"
#include "locks/LockFactory.h"
#include "redis/RedisUrl.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace lockscope::ui {

namespace {

QSpinBox* spinBox(int minimum, int maximum, int value, const QString& suffix, const char* name)
{
    auto* box = new QSpinBox;
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setSuffix(suffix);
    box->setObjectName(QString::fromLatin1(name));
    box->setAccelerated(true);
    return box;
}

} // namespace

StressForm::StressForm(QWidget* parent)
    : QGroupBox(tr("Run"), parent)
{
    auto* form = new QFormLayout(this);
    m_target = new QLabel;
    m_target->setObjectName(QStringLiteral("targetLabel"));
    m_target->setWordWrap(true);
    form->addRow(tr("Server:"), m_target);

    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("kindCombo"));
    for (const auto& kind : LockFactory::kinds()) {
        const QString name
            = QString::fromUtf8(kind.name().data(), static_cast<qsizetype>(kind.name().size()));
        const QString label = kind.unsafe ? tr("%1 (UNSAFE)").arg(name) : name;
        m_kind->addItem(label, name);
        m_kind->setItemData(m_kind->count() - 1, CoreTexts::translated(kind.description), Qt::ToolTipRole);
    }
    const std::string_view defaultKind = lockAlgorithmName(LockFactory::defaultKind);
    m_kind->setCurrentIndex(m_kind->findData(
        QString::fromLatin1(defaultKind.data(), static_cast<qsizetype>(defaultKind.size()))));
    form->addRow(tr("Lock kind:"), m_kind);
    m_kindHint = new QLabel;
    m_kindHint->setObjectName(QStringLiteral("kindHint"));
    m_kindHint->setWordWrap(true);
    m_kindHint->setMaximumWidth(300);
    form->addRow(QString(), m_kindHint);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &StressForm::updateKindHint);

    m_clients = spinBox(1, 512, 4, QString(), "clientsSpin");
    m_clients->setToolTip(tr("Each client is a thread with its own connection per lock"));
    form->addRow(tr("Clients:"), m_clients);
    connect(m_clients, &QSpinBox::valueChanged, this, &StressForm::clientsChanged);
    m_locks = spinBox(1, 1024, 1, QString(), "locksSpin");
    m_locks->setToolTip(tr("Client i's k-th acquisition goes to lock (i + k) mod locks"));
    form->addRow(tr("Locks:"), m_locks);
    m_hold = spinBox(0, 600000, 1, tr(" ms"), "holdSpin");
    form->addRow(tr("Hold:"), m_hold);
    m_think = spinBox(0, 600000, 0, tr(" ms"), "thinkSpin");
    form->addRow(tr("Think:"), m_think);
    m_lease = spinBox(1, 3600000, 30000, tr(" ms"), "leaseSpin");
    form->addRow(tr("Lease:"), m_lease);
    m_duration = spinBox(1, 3600, 10, tr(" s"), "durationSpin");
    form->addRow(tr("Duration:"), m_duration);
    m_permits = spinBox(1, 1024, 1, QString(), "permitsSpin");
    m_permits->setToolTip(
        tr("semaphore only: how many holders at once (above 1 the checker cannot judge overlap)"));
    form->addRow(tr("Permits:"), m_permits);
    m_watchdog = new QCheckBox(tr("Keep holds alive (watchdog)"));
    m_watchdog->setObjectName(QStringLiteral("watchdogCheck"));
    m_watchdog->setToolTip(
        tr("Kinds with a watchdog renew their holds; without it, the hold must stay below the lease"));
    form->addRow(QString(), m_watchdog);
    m_fenced = new QCheckBox(tr("Fencing counter"));
    m_fenced->setObjectName(QStringLiteral("fencedCheck"));
    m_fenced->setChecked(true);
    m_fenced->setToolTip(
        tr("token, reentrant, fair, read and write: number every hold from a counter key per lock; "
           "off, no counter key is left behind (token: a plain SET NX PX as redis-py and "
           "node-redlock do; the Redisson kinds: only what Redisson itself writes)"));
    form->addRow(QString(), m_fenced);
    m_nodes = new QLineEdit;
    m_nodes->setObjectName(QStringLiteral("nodesEdit"));
    m_nodes->setPlaceholderText(tr("redis://127.0.0.1:7001, redis://…"));
    m_nodes->setToolTip(tr("redlock only: the independent masters, comma-separated URLs"));
    form->addRow(tr("Redlock nodes:"), m_nodes);

    // Fault drills: each section then writes to a fenced resource; see docs/stress-and-drills.md.
    auto* drills = new QWidget;
    auto* drillGrid = new QGridLayout(drills);
    drillGrid->setContentsMargins(0, 0, 0, 0);
    m_killDrill = new QCheckBox(tr("kill"));
    m_killDrill->setObjectName(QStringLiteral("killDrillCheck"));
    m_killDrill->setToolTip(tr("A holder's process is killed (SIGKILL) while it holds: it never releases"));
    m_pauseDrill = new QCheckBox(tr("pause"));
    m_pauseDrill->setObjectName(QStringLiteral("pauseDrillCheck"));
    m_pauseDrill->setToolTip(tr("A holder stops for 1.5 leases while it holds (a GC pause), then writes"));
    m_partitionDrill = new QCheckBox(tr("partition"));
    m_partitionDrill->setObjectName(QStringLiteral("partitionDrillCheck"));
    m_partitionDrill->setToolTip(
        tr("A holder's path to Redis (the run's own proxy) stalls for 1.5 leases while it holds"));
    m_restartDrill = new QCheckBox(tr("restart"));
    m_restartDrill->setObjectName(QStringLiteral("restartDrillCheck"));
    m_restartDrill->setToolTip(tr("The redis-server is killed and started again without its data while a "
                                  "holder holds; the run then uses a private server of its own"));
    m_failoverDrill = new QCheckBox(tr("failover"));
    m_failoverDrill->setObjectName(QStringLiteral("failoverDrillCheck"));
    m_failoverDrill->setToolTip(
        tr("The master dies and a sentinel promotes its replica while a holder holds; "
           "the run then uses a private master, replica and sentinel"));
    // Three a row: the form's column is too narrow for all five side by side.
    constexpr int drillsPerRow = 3;
    int drill = 0;
    for (QCheckBox* box : {m_killDrill, m_pauseDrill, m_partitionDrill, m_restartDrill, m_failoverDrill}) {
        drillGrid->addWidget(box, drill / drillsPerRow, drill % drillsPerRow);
        ++drill;
    }
    drillGrid->setColumnStretch(drillsPerRow, 1);
    form->addRow(tr("Fault drills:"), drills);
    m_drillEvery = spinBox(1, 1000000, 25, QString(), "drillEverySpin");
    m_drillEvery->setPrefix(tr("every "));
    m_drillEvery->setSuffix(tr(" sections"));
    m_drillEvery->setToolTip(tr("Each chosen fault hits every N-th critical section of the run"));
    form->addRow(QString(), m_drillEvery);
    updateKindHint();
}

void StressForm::setTarget(const QString& text)
{
    m_target->setText(text);
}

void StressForm::setRunSize(int clients, int seconds)
{
    m_clients->setValue(clients);
    m_duration->setValue(seconds);
}

void StressForm::setRunning(bool running)
{
    m_running = running;
    updateFields();
}

int StressForm::clients() const
{
    return m_clients->value();
}

int StressForm::durationSeconds() const
{
    return m_duration->value();
}

std::optional<StressParameters> StressForm::parameters(
    const ConnectionOptions& connection, QString& error) const
{
    StressParameters parameters;
    parameters.kind = selectedKind();
    parameters.clients = m_clients->value();
    parameters.locks = m_locks->value();
    parameters.hold = std::chrono::milliseconds(m_hold->value());
    parameters.think = std::chrono::milliseconds(m_think->value());
    parameters.lease = std::chrono::milliseconds(m_lease->value());
    parameters.duration = std::chrono::seconds(m_duration->value());
    parameters.permits = m_permits->value();
    parameters.watchdog = m_watchdog->isChecked();
    parameters.fenced = LockFactory::noFenceRefusal(parameters.kind).has_value() || m_fenced->isChecked();
    parameters.connection = connection;
    // The controller's connection retries silently; a stress client should fail plainly.
    parameters.connection.reconnect.budget = std::chrono::milliseconds(0);
    if (parameters.kind == LockAlgorithm::Redlock) {
        for (const QString& url : m_nodes->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            auto node = parseRedisUrl(url.trimmed().toStdString(), parameters.connection);
            if (!node) {
                error = tr("Redlock node '%1': %2")
                            .arg(url.trimmed(),
                                CoreTexts::translated(redisUrlProblem(url.trimmed().toStdString())));
                return std::nullopt;
            }
            parameters.nodes.push_back(*node);
        }
        if (parameters.nodes.empty()) {
            error
                = tr("The redlock kind needs its independent masters: list their URLs under Redlock nodes.");
            return std::nullopt;
        }
    }
    const std::pair<QCheckBox*, const char*> drills[] {{m_killDrill, "kill"}, {m_pauseDrill, "pause"},
        {m_partitionDrill, "partition"}, {m_restartDrill, "restart:persist=no"},
        {m_failoverDrill, "failover"}};
    for (const auto& [box, kind] : drills) {
        if (!box->isChecked())
            continue;
        auto fault = FaultSpec::parse(std::string(kind)
            + (std::string(kind).find(':') == std::string::npos ? ":" : ",")
            + "every=" + std::to_string(m_drillEvery->value()));
        if (fault)
            parameters.faults.push_back(*fault);
    }
    // The restart and failover drills get their servers when the run starts (DrillServers):
    // checked here without them, and in full then.
    StressParameters checked = parameters;
    std::erase_if(checked.faults, [](const FaultSpec& fault) {
        return fault.kind == FaultSpec::Kind::Restart || fault.kind == FaultSpec::Kind::Failover;
    });
    if (auto valid = checked.validate(); !valid) {
        error = QString::fromStdString(valid.error().message);
        return std::nullopt;
    }
    return parameters;
}

void StressForm::updateFields()
{
    for (QWidget* field : {static_cast<QWidget*>(m_kind), static_cast<QWidget*>(m_clients),
             static_cast<QWidget*>(m_locks), static_cast<QWidget*>(m_hold), static_cast<QWidget*>(m_think),
             static_cast<QWidget*>(m_lease), static_cast<QWidget*>(m_duration)})
        field->setEnabled(!m_running);
    m_nodes->setEnabled(!m_running && selectedKind() == LockAlgorithm::Redlock);
    m_permits->setEnabled(!m_running && selectedKind() == LockAlgorithm::Semaphore);
    m_watchdog->setEnabled(!m_running);
    for (QWidget* drill : {static_cast<QWidget*>(m_killDrill), static_cast<QWidget*>(m_pauseDrill),
             static_cast<QWidget*>(m_partitionDrill), static_cast<QWidget*>(m_restartDrill),
             static_cast<QWidget*>(m_failoverDrill), static_cast<QWidget*>(m_drillEvery)})
        drill->setEnabled(!m_running);
    m_fenced->setEnabled(!m_running && !LockFactory::noFenceRefusal(selectedKind()));
}

LockAlgorithm StressForm::selectedKind() const
{
    // The combo's data is each kind's name (lockAlgorithmNames).
    return lockAlgorithmNames.parse(m_kind->currentData().toString().toStdString())
        .value_or(LockFactory::defaultKind);
}

void StressForm::updateKindHint()
{
    const LockKindInfo* info = LockFactory::find(selectedKind());
    QString hint = info ? CoreTexts::translated(info->description) : QString();
    if (info && info->unsafe)
        hint = tr("<span style='color:#c62828'><b>%1</b></span>").arg(hint.toHtmlEscaped());
    m_kindHint->setText(hint);
    if (m_nodes)
        updateFields();
}

} // namespace lockscope::ui
