#include "tools/stress/StressPanel.h"

#include "base/CoreTexts.h"
#include "common/CancellationToken.h"
#include "stress/StressResultJson.h"
#include "tools/stress/StressCharts.h"
#include "tools/stress/StressForm.h"
#include "tools/stress/StressWorker.h"

#include <QCloseEvent>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QThread>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

void registerMetaTypes()
{
    qRegisterMetaType<StressProgress>();
    qRegisterMetaType<StressResult>();
}

QString micros(double us)
{
    if (us >= 10000)
        return QObject::tr("%1 ms").arg(us / 1000.0, 0, 'f', 1);
    return QObject::tr("%1 µs").arg(us, 0, 'f', us < 100 ? 1 : 0);
}

} // namespace

StressPanel::StressPanel(QWidget* parent)
    : BackgroundRunView(parent)
{
    registerMetaTypes();
    setObjectName(QStringLiteral("stressPanel"));
    setWindowTitle(tr("Stress Test — LockScope"));
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(createRunColumn(), 0);
    m_charts = new StressCharts;
    layout->addWidget(m_charts, 1);
    m_charts->reset(m_form->clients(), m_form->durationSeconds());
    connect(m_form, &StressForm::clientsChanged, this, [this](int clients) {
        // Before the first run, the empty bars show who will take part.
        if (!isRunning() && !m_result)
            m_charts->showPerClient(std::vector<long long>(static_cast<size_t>(clients), 0));
    });
    setConnection(std::nullopt, QString());
    m_charts->applyTheme();
    resize(1280, 820);
}

QLineSeries* StressPanel::throughputSeries() const
{
    return m_charts->throughputSeries();
}

QLineSeries* StressPanel::p50Series() const
{
    return m_charts->p50Series();
}

QBarSeries* StressPanel::histogramSeries() const
{
    return m_charts->histogramSeries();
}

QBarSeries* StressPanel::clientSeries() const
{
    return m_charts->clientSeries();
}

QScatterSeries* StressPanel::faultMarks() const
{
    return m_charts->faultMarks();
}

void StressPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_charts->applyTheme();
}

void StressPanel::closeEvent(QCloseEvent* event)
{
    // Nobody would see the run any more, yet it would keep hammering the server.
    stop();
    QWidget::closeEvent(event);
}

QWidget* StressPanel::createRunColumn()
{
    auto* column = new QWidget;
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    m_form = new StressForm;
    layout->addWidget(m_form);

    auto* buttons = new QHBoxLayout;
    m_startButton = new QPushButton(tr("&Start"));
    m_startButton->setObjectName(QStringLiteral("startButton"));
    m_stopButton = new QPushButton(tr("S&top"));
    m_stopButton->setObjectName(QStringLiteral("stopButton"));
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_stopButton);
    layout->addLayout(buttons);
    m_saveButton = new QPushButton(tr("Save Result as &JSON…"));
    m_saveButton->setObjectName(QStringLiteral("saveButton"));
    layout->addWidget(m_saveButton);
    connect(m_startButton, &QPushButton::clicked, this, &StressPanel::start);
    connect(m_stopButton, &QPushButton::clicked, this, &StressPanel::stop);
    connect(m_saveButton, &QPushButton::clicked, this, &StressPanel::saveResultAs);

    m_state = new QLabel;
    m_state->setObjectName(QStringLiteral("stateLabel"));
    m_state->setWordWrap(true);
    m_state->setMaximumWidth(320);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_state);

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setWordWrap(true);
    m_summary->setMaximumWidth(320);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_summary, 1);
    column->setMaximumWidth(340);
    return column;
}

void StressPanel::setRunSize(int clients, int seconds)
{
    m_form->setRunSize(clients, seconds);
}

void StressPanel::showConnection(const std::optional<ConnectionOptions>& connection, const QString& where)
{
    if (!connection)
        m_form->setTarget(tr("Not connected: connect to a server or the sandbox first (File menu)."));
    else if (connection->readOnly)
        m_form->setTarget(
            tr("%1 — read-only: a stress run writes lock keys, so it cannot run here.").arg(where));
    else
        m_form->setTarget(tr("%1 (the run's locks appear in the lock table while held)").arg(where));
}

void StressPanel::start()
{
    if (isRunning() || !canRun())
        return;
    QString error;
    auto parameters = m_form->parameters(*connection(), error);
    if (!parameters) {
        m_state->setText(tr("Cannot start: %1").arg(error));
        return;
    }
    m_result.reset();
    m_charts->reset(parameters->clients, m_form->durationSeconds());
    m_faultsSeen = 0;
    QStringList drills;
    for (const FaultSpec& fault : parameters->faults)
        drills << QString::fromStdString(fault.toString());
    m_drills = drills.join(QStringLiteral(", "));
    m_summary->clear();
    m_state->setText(tr("Connecting %n client(s)…", nullptr, parameters->clients));

    auto* worker = new StressWorker(*parameters, beginRun());
    QThread* thread = adoptWorker(worker, QStringLiteral("lockscope-stress"));
    connect(worker, &StressWorker::progressed, this, &StressPanel::showProgress);
    connect(worker, &StressWorker::succeeded, this, &StressPanel::showResult);
    connect(worker, &StressWorker::failed, this, &StressPanel::showFailure);
    thread->start();
    updateControls();
}

void StressPanel::stop()
{
    if (!isRunning())
        return;
    // The engine notices a cancellation within a tick; its clients' connections close with it.
    runCancellation()->cancel();
    m_state->setText(tr("Stopping…"));
    m_stopButton->setEnabled(false);
}

void StressPanel::showProgress(const StressProgress& progress)
{
    m_state->setText(tr("Running: %1 s").arg(progress.elapsedSeconds, 0, 'f', 1));
    m_charts->showProgress(progress);
    announceFaults(progress.faultsInjected);
}

void StressPanel::announceFaults(long long injectedSoFar)
{
    if (injectedSoFar > m_faultsSeen) {
        Q_EMIT faultsInjected(injectedSoFar - m_faultsSeen, m_drills);
        m_faultsSeen = injectedSoFar;
    }
}

void StressPanel::showResult(const StressResult& result)
{
    m_result = result;
    m_charts->showResult(result);
    // A fault injected after the last progress tick is only in the result: announce it too.
    announceFaults(result.faults.injectedCount());
    m_state->setText(result.stoppedEarly ? tr("Stopped after %1 s.").arg(result.elapsedSeconds, 0, 'f', 1)
                                         : tr("Finished after %1 s.").arg(result.elapsedSeconds, 0, 'f', 1));

    QStringList errors;
    for (const auto& [error, count] : result.errors)
        errors << tr("%1 × %L2").arg(CoreTexts::stressError(error)).arg(count);
    QString text = tr("<b>%1</b>, %n client(s)", nullptr, result.clients)
                       .arg(QString::fromStdString(std::string(lockAlgorithmName(result.kind))));
    text += tr(", %n lock(s)", nullptr, result.locks);
    text += QStringLiteral("<br>") + tr("Throughput: %L1 acquisitions/s").arg(result.opsPerSecond, 0, 'f', 0);
    text += QStringLiteral("<br>")
        + tr("Acquire wait: p50 %1, p90 %2, p99 %3, max %4")
              .arg(micros(result.acquireWait.p50Us), micros(result.acquireWait.p90Us),
                  micros(result.acquireWait.p99Us), micros(result.acquireWait.maxUs));
    text += QStringLiteral("<br>")
        + (result.handoff.count ? tr("Handoff: p50 %1, p99 %2 (%L3 handoffs)")
                                      .arg(micros(result.handoff.p50Us), micros(result.handoff.p99Us))
                                      .arg(static_cast<qulonglong>(result.handoff.count))
                                : tr("Handoff: none measured"));
    text += QStringLiteral("<br>") + tr("Fairness (Jain): %1").arg(result.fairnessJain, 0, 'f', 3);
    text
        += QStringLiteral("<br>") + tr("CPU per acquisition: %1").arg(micros(result.cpuMicrosPerAcquisition));
    text += QStringLiteral("<br>")
        + (errors.isEmpty() ? tr("Errors: none") : tr("Errors: %1").arg(errors.join(QStringLiteral(", "))));
    const QString checker = CoreTexts::translated(result.checkerSummary);
    if (!checker.isEmpty()) {
        // The findings list raw clock values: the first lines say enough, the tooltip has all.
        constexpr qsizetype shown = 160;
        text += QStringLiteral("<br>")
            + tr("Checker: %1")
                  .arg((checker.size() > shown ? checker.left(shown) + QStringLiteral("…") : checker)
                           .toHtmlEscaped());
    }
    m_summary->setText(text);
    m_summary->setToolTip(checker);
}

void StressPanel::showFailure(const QString& message)
{
    m_state->setText(tr("The run failed: %1").arg(message));
}

QString StressPanel::saveResult(const QString& path) const
{
    if (!m_result)
        return tr("There is no result to save yet.");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    const std::string json = StressResultJson::toJson(*m_result) + "\n";
    if (file.write(json.data(), static_cast<qint64>(json.size())) != static_cast<qint64>(json.size()))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void StressPanel::saveResultAs()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Stress Result"), QStringLiteral("stress-result.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveResult(path);
    m_state->setText(error.isEmpty() ? tr("Saved to %1.").arg(path) : error);
}

void StressPanel::updateControls()
{
    const bool running = isRunning();
    m_startButton->setEnabled(!running && canRun());
    m_stopButton->setEnabled(running && !(runCancellation() && runCancellation()->isCancelled()));
    m_saveButton->setEnabled(!running && m_result.has_value());
    m_form->setRunning(running);
}

} // namespace lockscope::ui
